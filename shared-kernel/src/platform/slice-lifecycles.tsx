import { Component, type ErrorInfo, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { BrowserRouter } from 'shared-kernel/router';
import { messages, format, SUPPORT_EMAIL } from 'shared-kernel/messages';

export interface SliceOptions {
  /** package name, e.g. mf-account */
  name: string;
  version: string;
  /** the slice's routes, rendered inside a BrowserRouter */
  Root: () => ReactNode;
  /** the slice's providers (PlatformProvider from shared-kernel/ui); passed in to keep this module light */
  Provider: (props: { children: ReactNode }) => ReactNode;
}

interface BoundaryState {
  error: Error | null;
  path: string;
}

/**
 * The slice's own error boundary: an uncaught UI error shows the spec's text with the error and
 * resets when the user navigates, so one broken page does not leave the slice dead.
 */
export class SliceErrorBoundary extends Component<{ children: ReactNode; name: string }, BoundaryState> {
  override state: BoundaryState = { error: null, path: typeof window === 'undefined' ? '' : window.location.pathname };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error, path: window.location.pathname };
  }

  override componentDidMount(): void {
    window.addEventListener('popstate', this.resetOnNavigation);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('popstate', this.resetOnNavigation);
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  private resetOnNavigation = () => {
    if (this.state.error && window.location.pathname !== this.state.path) this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <div role="alert" data-testid="slice-error">
          {format(messages.shell.uncaughtError, { email: SUPPORT_EMAIL })} {String(this.state.error.message)}
        </div>
      );
    }
    return this.props.children;
  }
}

/**
 * The holder of a page the shell's server painted (ADR 0024, 0041): the snapshot or server-rendered
 * markup the shell keeps on screen until the slice has rendered its own.
 */
const SERVER_PAINTED = '[data-prerender-outlet]';

/**
 * React's client as single-spa-react uses it, with one change: a slice's root rendered while the
 * page still shows what the server painted renders in a transition. React then works in slices of
 * a few milliseconds and yields between them, so that first render is no long task blocking the
 * visitor's input (issue 28: it was the largest part of the public pages' blocking time), and
 * nothing is lost by waiting: the page is on screen, and the root's DOM replaces it in one commit.
 * Every other render (a client-rendered page, a later navigation) is the default one, shown as
 * soon as it is ready (ADR 0052: in a transition the page stood blank until its commit).
 */
export const sliceClient: Pick<typeof ReactDOMClient, 'createRoot'> = {
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children) => {
        if (document.querySelector(SERVER_PAINTED)) React.startTransition(() => root.render(children));
        else root.render(children);
      },
      unmount: () => root.unmount(),
    };
  },
};

/** single-spa lifecycles for a slice: its own React root, providers, router and error boundary. */
export function createSliceLifecycles({ name, version, Root, Provider }: SliceOptions) {
  function SliceRoot() {
    return (
      <div data-remote={name} data-version={version}>
        <SliceErrorBoundary name={name}>
          <Provider>
            <BrowserRouter>
              <Root />
            </BrowserRouter>
          </Provider>
        </SliceErrorBoundary>
      </div>
    );
  }
  return singleSpaReact({
    React,
    ReactDOMClient: sliceClient as typeof ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: SliceRoot,
    errorBoundary: (err: Error) => (
      <div role="alert">
        {format(messages.shell.uncaughtError, { email: SUPPORT_EMAIL })} {String(err.message)}
      </div>
    ),
  });
}

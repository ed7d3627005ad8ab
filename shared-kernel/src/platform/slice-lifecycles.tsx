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
 * React's client as single-spa-react uses it, with each render of a slice's root in a transition:
 * React then renders in slices of a few milliseconds and yields to the browser between them, so a
 * slice's first render is not one long task blocking input (issue 28: it was most of the public
 * pages' blocking time). The root's DOM is replaced in one commit, as before; until then the
 * container keeps what it shows (a server-rendered page, a loading status).
 */
const transitionClient: Pick<typeof ReactDOMClient, 'createRoot'> = {
  createRoot(container, options) {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children) => React.startTransition(() => root.render(children)),
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
    ReactDOMClient: transitionClient as typeof ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: SliceRoot,
    errorBoundary: (err: Error) => (
      <div role="alert">
        {format(messages.shell.uncaughtError, { email: SUPPORT_EMAIL })} {String(err.message)}
      </div>
    ),
  });
}

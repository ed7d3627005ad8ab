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
    ReactDOMClient,
    rootComponent: SliceRoot,
    errorBoundary: (err: Error) => (
      <div role="alert">
        {format(messages.shell.uncaughtError, { email: SUPPORT_EMAIL })} {String(err.message)}
      </div>
    ),
  });
}

import { Component, startTransition, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Box } from '../ui/chakra';
import { Loader } from '../ui/loading-overlay';
import { ErrorFallback } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { getPlatformHost } from './widget-host';
import type { WidgetContract } from './widget-contracts';

/** A widget without required props may omit `props`; any other must get all of them. */
type PropsField<P extends object> = Record<never, never> extends P ? { props?: P } : { props: P };

export type RemoteWidgetProps<P extends object = object> = PropsField<P> & {
  /** the widget's contract from `widgets` (widget-contracts.ts): names the slice and types `props` */
  contract: WidgetContract<P>;
  /** shown when the platform has no such widget (not deployed yet, or standalone dev) */
  unavailable?: ReactNode;
  /**
   * For decorations of the chrome (the top bar's badges): render nothing while loading or when the
   * load fails, instead of a loader and a retry box. The page works without the widget.
   */
  quiet?: boolean;
  /**
   * Height the loader holds while the widget loads (kernel 3.1): about the widget's own height, so
   * what follows it on the page does not jump when it arrives (ADR 0023).
   */
  loadingMinH?: string;
};

/** The outcome of one load, tagged with the widget and attempt it belongs to. */
type Loaded = { key: string } & ({ kind: 'ready'; Widget: ComponentType<Record<string, unknown>> } | { kind: 'failed'; error: unknown });
type State = Loaded | { kind: 'loading' } | { kind: 'unavailable' };

class WidgetBoundary extends Component<{ children: ReactNode; onRetry: () => void; name: string }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(`[widget ${this.props.name}]`, error);
  }
  override render() {
    if (this.state.error) {
      return (
        <ErrorFallback
          title={messages.shell.widgetFailedTitle}
          message={messages.shell.widgetFailedText}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * Another slice's widget, loaded at run time behind Suspense-like loading, an error boundary and
 * retry. A widget that is not in the release manifest shows `unavailable` instead of an error.
 */
export function RemoteWidget<P extends object>({ contract, props, unavailable, quiet = false, loadingMinH }: RemoteWidgetProps<P>) {
  const { remote, widget } = contract;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const available = Boolean(getPlatformHost()?.hasWidget(remote, widget));
  // A result of another widget or an earlier attempt counts as still loading this one.
  const key = `${remote}/${widget}#${attempt}`;

  useEffect(() => {
    const host = getPlatformHost();
    if (!available || !host) return;
    let live = true;
    host.loadWidget(remote, widget, attempt).then(
      // The widget's first render in a transition: React renders it in slices of a few milliseconds
      // with the browser free between them, the loader staying until the commit. At once, the
      // product page's booking panel was one task of 230 ms under 4x CPU (issue 28).
      (Widget) => live && startTransition(() => setLoaded({ key, kind: 'ready', Widget })),
      (error: unknown) => live && setLoaded({ key, kind: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [available, remote, widget, attempt, key]);

  const state: State = !available ? { kind: 'unavailable' } : loaded?.key === key ? loaded : { kind: 'loading' };

  const testId = `widget-${remote}-${widget}`;
  if (state.kind === 'unavailable')
    return (
      <Box data-testid={testId} data-state="unavailable">
        {unavailable ?? messages.shell.widgetUnavailable}
      </Box>
    );
  if (quiet && (state.kind === 'loading' || state.kind === 'failed')) return <Box data-testid={testId} data-state={state.kind} />;
  if (state.kind === 'loading') {
    return (
      <Box data-testid={testId} data-state="loading" p={4} minH={loadingMinH} aria-busy>
        <Loader minH={8} label={messages.shell.loading} />
      </Box>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Box data-testid={testId} data-state="failed">
        <ErrorFallback title={messages.shell.widgetFailedTitle} message={messages.shell.widgetFailedText} onRetry={retry} />
      </Box>
    );
  }
  const { Widget } = state;
  return (
    <Box data-testid={testId} data-state="ready">
      <WidgetBoundary onRetry={retry} name={`${remote}/${widget}`}>
        <Widget {...((props ?? {}) as Record<string, unknown>)} />
      </WidgetBoundary>
    </Box>
  );
}

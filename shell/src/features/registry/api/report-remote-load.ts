import { REMOTE_REPORTS_PATH, checkRemoteLoadReport, type RemoteLoadReport } from 'shared-kernel/platform';

/** What a lifecycle wrapper knows; the page's path and the release are added here. */
export type RemoteLoadOutcome = Pick<RemoteLoadReport, 'remote' | 'version' | 'outcome' | 'servedVersion' | 'durationMs'> & {
  message?: string;
};

let target = { url: `/api${REMOTE_REPORTS_PATH}`, release: '' };

/** Where reports go (the shell's API base) and which release they belong to. */
export function configureRemoteReports({ apiBaseUrl, release }: { apiBaseUrl: string; release: string }): void {
  target = { url: `${apiBaseUrl.replace(/\/$/, '')}${REMOTE_REPORTS_PATH}`, release };
}

/** The error's first line, without a stack, cut to the contract's length. */
export function reportMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (text.split('\n')[0] ?? '').slice(0, 300);
}

/**
 * Tells the API that a slice was slow, failed to load or to mount (RemoteLoadReport), with a
 * keepalive fetch (it outlives a page that is being left, and carries the API client's headers);
 * a beacon where fetch is missing. Reporting never throws and never shows anything: a failed
 * report must not make a failed page worse.
 */
export function reportRemoteLoad(outcome: RemoteLoadOutcome, win: Window = window): void {
  try {
    // the kernel's zod-free guard of the schema: a report may go before any page needed zod
    const parsed = checkRemoteLoadReport({
      ...outcome,
      durationMs: Math.max(0, Math.min(600_000, Math.round(outcome.durationMs))),
      message: (outcome.message ?? '').split('\n')[0]?.slice(0, 300) ?? '',
      path: (win.location.pathname || '/').slice(0, 300),
      release: target.release.slice(0, 40),
    });
    if (!parsed.success) return;
    const body = JSON.stringify(parsed.data);
    if (typeof win.fetch === 'function') {
      void win
        .fetch(target.url, {
          method: 'POST',
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'rendime' },
          body,
        })
        .catch(() => undefined);
      return;
    }
    win.navigator.sendBeacon?.(target.url, new Blob([body], { type: 'application/json' }));
  } catch {
    // silent by design
  }
}

import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ReleaseRemote } from 'shared-kernel/platform';
import { PlatformProvider } from 'shared-kernel/ui';
import { RemoteFallback } from '../../../components/remote-fallback';
import { RemoteLoading } from '../components/remote-loading';
import { reportMessage, type RemoteLoadOutcome } from '../api/report-remote-load';
import { forgetFailure, recentlyFailed, rememberFailure } from './remembered-failures';
import { RemoteTimeoutError, withTimeout } from './with-timeout';

export interface Lifecycles {
  bootstrap: (props: object) => Promise<unknown>;
  mount: (props: object) => Promise<unknown>;
  unmount: (props: object) => Promise<unknown>;
}

/** One version the shell can serve: the live one first, then the previous good ones. */
export interface RemoteCandidate {
  version: string;
  /** URL of that version's mf-manifest.json */
  entry: string;
}

/** Loads `./app` of one version; `attempt` > 0 after the user pressed retry (a fresh fetch). */
export type Loader = (candidate: RemoteCandidate, attempt: number) => Promise<Lifecycles>;

export interface ContainmentOptions {
  /** How long one version may take to load, bootstrap or mount before the next is tried. */
  timeoutMs: number;
  /** Failures, and loads slower than `slowReportMs`; must not throw. */
  report?: (outcome: RemoteLoadOutcome) => void;
  /**
   * A successful load at least this slow is reported too (outcome `ok`, for timings). Default:
   * SLOW_LOAD_REPORT_MS or half the timeout, whichever is longer.
   */
  slowReportMs?: number;
  now?: () => number;
  /**
   * True while the page shows what the server painted for it: a mount then shows no loader (it
   * would be hidden under the painted page, and rendering it is a synchronous render of its own in
   * the start-up's busiest moment, issue 28). A failure still shows the fallback.
   */
  painted?: () => boolean;
}

/** Loads slower than this are reported as timings: the loader was in view for seconds. */
export const SLOW_LOAD_REPORT_MS = 3_000;

/** The live version, then the manifest's previous good ones (newest first), each once. */
export function candidatesOf(remote: ReleaseRemote): RemoteCandidate[] {
  const all = [{ version: remote.version, entry: remote.entry }, ...(remote.fallbacks ?? [])];
  return all.filter((c, i) => all.findIndex((o) => o.entry === c.entry) === i);
}

/**
 * Where a page load starts: a version that failed in this browser lately is skipped while a later
 * candidate exists, so the page does not wait out a hung remote's timeout again
 * (remembered-failures.ts).
 */
function firstUsable(candidates: readonly RemoteCandidate[], now: number): number {
  return Math.max(
    0,
    candidates.findIndex((c, i) => i === candidates.length - 1 || !recentlyFailed(c.entry, now)),
  );
}

/** The version of `remote` this page load mounts first (unless that one fails too). */
export function firstCandidate(remote: ReleaseRemote, now: number = Date.now()): RemoteCandidate {
  const candidates = candidatesOf(remote);
  return candidates[firstUsable(candidates, now)]!;
}

interface Failure {
  version: string;
  outcome: 'load' | 'mount' | 'timeout';
  durationMs: number;
  message: string;
}

interface StatusView {
  kind: 'loading' | 'fallback';
  host: HTMLElement;
  root: Root;
}

/**
 * single-spa sees this wrapper, never the remote directly, and its `mount` resolves at once:
 * single-spa waits for every mount of a route change before the next one, so a slice that hangs
 * inside `mount` would freeze every later navigation. The wrapper shows a loader in the slice's
 * area (after the spec's 333 ms), loads in the background with a timeout, and mounts the real app
 * only if the area is still wanted. A version that fails to load or mount, or does not answer in
 * time, gives way to the previous good version from the manifest; when none works the area shows
 * the Estonian fallback with a retry button, never the raw error. Failures are reported.
 */
export function resilientLifecycles(
  remote: ReleaseRemote,
  load: Loader,
  domElement: () => HTMLElement,
  options: ContainmentOptions,
): Lifecycles {
  const {
    timeoutMs,
    report = () => undefined,
    slowReportMs = Math.max(SLOW_LOAD_REPORT_MS, Math.round(timeoutMs / 2)),
    now = () => Date.now(),
    painted = () => false,
  } = options;
  const candidates = candidatesOf(remote);
  /** the candidate served last; later mounts in this page start there instead of at a broken one */
  let chosen = firstUsable(candidates, now());
  let real: { lifecycles: Lifecycles; index: number; bootstrapped: boolean } | null = null;
  let realMounted = false;
  /** bumped by every mount and unmount: a background load of an older generation must not mount */
  let generation = 0;
  let attempt = 0;
  let lastProps: object = {};
  let status: StatusView | null = null;
  /** the real app's bootstrap/mount/unmount run one at a time (each bounded by the timeout) */
  let realQueue: Promise<unknown> = Promise.resolve();

  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = realQueue.then(work, work);
    realQueue = next.catch(() => undefined);
    return next;
  }

  function showStatus(kind: StatusView['kind'], content: ReactNode) {
    // A host the app's own root took away (it clears its container on its first render) is gone.
    if (status && (status.kind !== kind || !status.host.isConnected)) clearStatus();
    if (!status) {
      const host = document.createElement('div');
      host.dataset.statusFor = remote.name;
      domElement().appendChild(host);
      status = { kind, host, root: createRoot(host) };
    }
    const { root } = status;
    // Painted in this frame, not the next: the area is never empty in between (issue 25).
    flushSync(() => root.render(<PlatformProvider>{content}</PlatformProvider>));
  }

  function clearStatus() {
    if (!status) return;
    const { root, host } = status;
    status = null;
    root.unmount();
    host.remove();
  }

  const showLoading = () => showStatus('loading', <RemoteLoading remoteName={remote.name} />);
  const showFallback = () => showStatus('fallback', <RemoteFallback remoteName={remote.name} onRetry={retry} />);

  /**
   * Mounts the loaded app into the area; a mount that answers after the timeout is taken back. The
   * loader stays until the app has rendered: the app's React root clears its container (the area)
   * in the same commit that shows its first content, so no frame shows an empty area (issue 25).
   */
  async function mountReal(lifecycles: Lifecycles, gen: number): Promise<void> {
    const props = { ...lastProps, domElement: domElement() };
    const mounting = Promise.resolve().then(() => lifecycles.mount(props));
    try {
      await withTimeout(mounting, timeoutMs, `${remote.name} mount`);
    } catch (error) {
      if (error instanceof RemoteTimeoutError) void mounting.then(() => lifecycles.unmount(props)).catch(() => undefined);
      throw error;
    }
    clearStatus();
    if (gen !== generation) {
      // Unmounted (or re-mounted) while this mount ran: take it back.
      await withTimeout(
        Promise.resolve().then(() => lifecycles.unmount(props)),
        timeoutMs,
        `${remote.name} unmount`,
      ).catch(() => undefined);
      return;
    }
    realMounted = true;
  }

  /** Tries the candidates from `from` on; true when one is mounted for generation `gen`. */
  async function serve(gen: number, from: number): Promise<boolean> {
    const failures: Failure[] = [];
    const stillWanted = () => gen === generation;
    for (let index = from; index < candidates.length; index++) {
      const candidate = candidates[index];
      const started = now();
      let stage: 'load' | 'mount' = 'load';
      try {
        if (!real || real.index !== index) {
          real = {
            lifecycles: await withTimeout(load(candidate, attempt), timeoutMs, `${remote.name}@${candidate.version}`),
            index,
            bootstrapped: false,
          };
        }
        if (!stillWanted()) return false;
        stage = 'mount';
        const current = real;
        await serial(async () => {
          if (!stillWanted()) return;
          if (!current.bootstrapped) {
            await withTimeout(
              Promise.resolve().then(() => current.lifecycles.bootstrap(lastProps)),
              timeoutMs,
              `${remote.name} bootstrap`,
            );
            current.bootstrapped = true;
          }
          if (!stillWanted()) return;
          await mountReal(current.lifecycles, gen);
        });
        if (!stillWanted() || !realMounted) return false;
        chosen = index;
        forgetFailure(candidate.entry, now());
        const durationMs = now() - started;
        for (const f of failures)
          report({
            remote: remote.name,
            version: f.version,
            outcome: f.outcome,
            servedVersion: candidate.version,
            durationMs: f.durationMs,
            message: f.message,
          });
        // A canary's good mounts are reported as well (ADR 0040): its failure rate needs them.
        const canaryOk = Boolean(remote.canary) && candidate.version === remote.version;
        if (failures.length === 0 && (durationMs >= slowReportMs || canaryOk)) {
          report({
            remote: remote.name,
            version: candidate.version,
            outcome: 'ok',
            servedVersion: candidate.version,
            durationMs,
            message: '',
          });
        }
        return true;
      } catch (error) {
        // The details go to the console and the report; the page only ever shows the catalogue text.
        console.warn(`[shell] ${remote.name}@${candidate.version} failed to ${stage}`, error);
        failures.push({
          version: candidate.version,
          outcome: error instanceof RemoteTimeoutError ? 'timeout' : stage,
          durationMs: now() - started,
          message: reportMessage(error),
        });
        // A version that failed is not reused; the next one (or a retry) loads afresh.
        real = null;
        rememberFailure(candidate.entry, now());
        if (!stillWanted()) {
          // The user has left the page meanwhile: nothing more to try, but the failure counts.
          for (const f of failures)
            report({
              remote: remote.name,
              version: f.version,
              outcome: f.outcome,
              servedVersion: null,
              durationMs: f.durationMs,
              message: f.message,
            });
          return false;
        }
        if (index + 1 < candidates.length && !painted()) showLoading();
      }
    }
    for (const f of failures)
      report({
        remote: remote.name,
        version: f.version,
        outcome: f.outcome,
        servedVersion: null,
        durationMs: f.durationMs,
        message: f.message,
      });
    chosen = 0;
    if (stillWanted()) showFallback();
    return false;
  }

  async function retry(): Promise<void> {
    // The person asked for the live version again: give it its chance.
    for (const c of candidates) forgetFailure(c.entry, now());
    attempt += 1;
    real = null;
    realMounted = false;
    await serve(generation, 0);
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      lastProps = props;
      const gen = ++generation;
      if (!painted()) showLoading();
      // Not awaited: see above. A failure ends in the fallback, never in single-spa's error state.
      void serve(gen, chosen).catch((error: unknown) => console.warn(`[shell] ${remote.name}`, error));
    },
    unmount: async (props) => {
      generation += 1;
      clearStatus();
      if (real && realMounted) {
        realMounted = false;
        const { lifecycles } = real;
        await serial(() =>
          withTimeout(
            Promise.resolve().then(() => lifecycles.unmount({ ...props, domElement: domElement() })),
            timeoutMs,
            `${remote.name} unmount`,
          ),
        ).catch((error: unknown) => console.warn(`[shell] ${remote.name} unmount`, error));
      }
    },
  };
}

/**
 * Stands in for a slice whose manifest entry the shell refused: its pages show the fallback
 * instead of a blank area or a redirect, and retry reloads the page (a fixed manifest is read then).
 */
export function unavailableLifecycles(
  name: string,
  domElement: () => HTMLElement,
  reload: () => void = () => window.location.reload(),
): Lifecycles {
  let root: Root | null = null;
  let host: HTMLElement | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async () => {
      host = document.createElement('div');
      host.dataset.statusFor = name;
      domElement().appendChild(host);
      root = createRoot(host);
      root.render(
        <PlatformProvider>
          <RemoteFallback remoteName={name} onRetry={async () => reload()} />
        </PlatformProvider>,
      );
    },
    unmount: async () => {
      root?.unmount();
      host?.remove();
      root = null;
      host = null;
    },
  };
}

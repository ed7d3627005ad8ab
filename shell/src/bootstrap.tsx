import { createRoot } from 'react-dom/client';
import { startTransition } from 'react';
import { flushSync } from 'react-dom';
import { registerApplication, start, triggerAppChange } from 'single-spa';
import { configureApi } from 'shared-kernel/api';
import { loadSession, sessionStore } from 'shared-kernel/session';
import { PlatformProvider, hostGlobalStyles, platformGlobals, platformSystem } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import {
  DEFAULT_REMOTE_TIMEOUT_MS,
  matchesAny,
  navigate,
  readRuntimeConfig,
  setPlatformHost,
  followUnreadInTitle,
  type ReleaseManifest,
  type ReleaseRemote,
} from 'shared-kernel/platform';
import type { ComponentType } from 'react';
import { readEnv } from './env';
import { fetchReleaseManifest } from './features/registry/api/fetch-release-manifest';
import { installOverrides } from './features/override/model/install-overrides';
import { registerReleaseRemotes, loadExposed } from './features/registry/model/federation';
import { firstCandidate, resilientLifecycles, unavailableLifecycles, type Lifecycles } from './features/registry/model/remote-lifecycles';
import { withTimeout } from './features/registry/model/with-timeout';
import { configureRemoteReports, reportRemoteLoad } from './features/registry/api/report-remote-load';
import { announceDroppedRemotes } from './features/registry/model/dropped-remotes';
import type { DroppedRemote } from './features/registry/model/parse-release-manifest';
import { resolveRedirect, chromeFor } from './model/resolve-redirect';
import { yieldToBrowser } from './model/yield-to-browser';
import { pageHasGlobals } from './model/page-globals';
import { Chrome } from './features/chrome/components/chrome';
import { createShellQueryClient } from './features/server-data/model/shell-query-client';
import { adoptServerState } from './features/server-data/model/server-state';
import {
  chromeMountPoint,
  holdUntilSliceRenders,
  isServerPainted,
  restorePrerenderedFocus,
  takePrerenderedOutlet,
} from './features/prerender/model/adopt-prerender';
import { FirstCommit } from './features/prerender/components/first-commit';
import { reloadForRetry, wasPreloaded } from './features/registry/model/preloaded-retry';
import './features/registry/model/provide-kernel';

function remoteArea(outlet: HTMLElement, name: string): HTMLElement {
  let el = outlet.querySelector<HTMLElement>(`[data-remote-area="${name}"]`);
  if (!el) {
    el = document.createElement('div');
    el.dataset.remoteArea = name;
    outlet.appendChild(el);
  }
  return el;
}

function isActive(remote: Pick<ReleaseRemote, 'routes'>, location: Location): boolean {
  if (!matchesAny(remote.routes, location.pathname)) return false;
  // Signed-in pages mount only with a session; without one the shell sends the user to sign in.
  return chromeFor(location.pathname) === 'public' || sessionStore.getState().status === 'signedIn';
}

function applyRedirect(owned: readonly string[]): void {
  const target = resolveRedirect(window.location, sessionStore.getState().status, owned);
  if (target && target !== window.location.pathname + window.location.search) navigate(target, { replace: true });
}

const widgetKey = (key: string) => key.replace(/^\.\//, '');

/** Widgets are exposed modules listed in a remote's descriptor; each exports a `Widget` component. */
function publishWidgetLoader(manifest: ReleaseManifest, timeoutMs: number): void {
  const find = (remote: string, widget: string) =>
    manifest.remotes.find((r) => r.name === remote && Object.keys(r.widgets).some((k) => widgetKey(k) === widget));
  setPlatformHost({
    hasWidget: (remote, widget) => Boolean(find(remote, widget)),
    loadWidget: async (remote, widget, attempt) => {
      const owner = find(remote, widget);
      if (!owner) throw new Error(`${remote} has no widget ${widget}`);
      // A hung slice leaves its widget in the widget's own fallback, not loading forever.
      const mod = await withTimeout(
        loadExposed<{ Widget?: ComponentType<Record<string, unknown>> }>(owner, `./${widget}`, attempt),
        timeoutMs,
        `${remote}/${widget}`,
      );
      if (!mod.Widget) throw new Error(`${remote}/${widget} exports no Widget`);
      return mod.Widget;
    },
  });
}

async function main(): Promise<void> {
  const env = readEnv();
  const remoteTimeoutMs = readRuntimeConfig().remoteTimeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS;
  configureApi({ baseUrl: env.apiBaseUrl });
  // Before any slice mounts: every slice's PlatformProvider picks this one client up.
  const queryClient = createShellQueryClient();
  followUnreadInTitle();
  const container = document.getElementById('shell-root');
  if (!container) throw new Error('#shell-root missing');
  // A page the server painted (a snapshot or a server rendering, ADR 0024 and 0041) stays as it is
  // while React renders the chrome into a mount point of its own, off the page, in a transition
  // (in slices of a few milliseconds with the browser handling input between them: issue 28's
  // largest start-up task). The commit swaps the mount point in (./features/prerender). Other
  // pages render into the container at once, as before.
  const painted = isServerPainted(document);
  const mountPoint = painted ? chromeMountPoint(document) : container;
  const root = createRoot(mountPoint);

  // The session call and the manifest run in parallel; neither waits for the other.
  const sessionLoaded = loadSession();
  let manifest: ReleaseManifest;
  let dropped: DroppedRemote[] = [];
  const manifestLoaded = fetchReleaseManifest(env.manifestUrl, fetch, (refused) => {
    dropped = refused;
  });
  // Handled below, after the yield; a refusal meanwhile is not an unhandled rejection.
  manifestLoaded.catch(() => undefined);
  // While the manifest is on its way: Chakra's system (tokens and global CSS) in a task of its
  // own, not in the one that loaded the code nor in the first render (issue 28).
  await yieldToBrowser();
  platformSystem();
  // Its global CSS: in the page already (the shell's index.html, ADR 0055), or computed (on first
  // read in the platform's build) in one more task of its own and rendered by the chrome's root.
  const globalsInPage = pageHasGlobals(document);
  if (!globalsInPage) {
    await yieldToBrowser();
    platformGlobals();
  }
  // Slices' and statuses' roots render no global styles: the page or the chrome's root has them.
  hostGlobalStyles();
  try {
    manifest = installOverrides(await manifestLoaded);
  } catch (error) {
    console.error('[shell] release manifest', error);
    // Rendered before it replaces a painted page, so no frame shows neither.
    flushSync(() =>
      root.render(
        <PlatformProvider globalStyles={!globalsInPage}>
          <p role="alert" style={{ padding: 32 }}>
            {messages.shell.manifestFailed}
          </p>
        </PlatformProvider>,
      ),
    );
    if (mountPoint !== container) container.replaceChildren(mountPoint);
    return;
  }
  // A server-rendered page's data (ADR 0041), before any slice mounts: the slice finds it cached and
  // renders without asking again, if it is the version that rendered it (a fallback's render is not).
  adoptServerState(queryClient, document, window.location.pathname, Date.now(), (name) => {
    const remote = manifest.remotes.find((r) => r.name === name);
    return remote ? firstCandidate(remote).version : undefined;
  });
  configureRemoteReports({ apiBaseUrl: env.apiBaseUrl, release: manifest.release });
  announceDroppedRemotes(dropped, reportRemoteLoad);
  registerReleaseRemotes(manifest.remotes);
  publishWidgetLoader(manifest, remoteTimeoutMs);
  (window as unknown as { __RENDIME_RELEASE__?: ReleaseManifest }).__RENDIME_RELEASE__ = manifest;

  const outlet = document.createElement('div');
  outlet.id = 'rendime-outlet';
  const nav = manifest.remotes.flatMap((r) => r.nav);
  // The chrome's render in a task of its own, after the manifest's handling (issue 28).
  await yieldToBrowser();
  // The server's markup, if any, goes in the commit that first shows the chrome, before any paint:
  // its outlet holder (the hero, the product) into the real outlet until the slice has rendered its
  // own, with the visitor's focus and caret (ADR 0024). Nothing is painted in between.
  const adopt = () => {
    const prerendered = takePrerenderedOutlet(document, window.location.pathname);
    if (mountPoint !== container) container.replaceChildren(mountPoint);
    if (!prerendered) return;
    holdUntilSliceRenders({ outlet, holder: prerendered, doc: document, pathname: () => window.location.pathname });
    restorePrerenderedFocus(document, prerendered);
  };
  const chrome = (
    <PlatformProvider globalStyles={!globalsInPage}>
      <Chrome outlet={outlet} nav={nav} />
      <FirstCommit onCommit={adopt} />
    </PlatformProvider>
  );
  if (painted) startTransition(() => root.render(chrome));
  else flushSync(() => root.render(chrome));

  for (const remote of manifest.remotes) {
    registerApplication({
      name: remote.name,
      app: async () =>
        resilientLifecycles(
          remote,
          // A preloaded slice is retried in a new document (a failed preload stays failed in this one).
          (candidate, attempt) =>
            attempt > 0 && wasPreloaded(candidate.entry)
              ? reloadForRetry()
              : loadExposed<Lifecycles>(remote, './app', attempt, candidate.entry),
          () => remoteArea(outlet, remote.name),
          { timeoutMs: remoteTimeoutMs, report: reportRemoteLoad, painted: () => isServerPainted(document) },
        ),
      activeWhen: (location) => isActive(remote, location),
    });
  }
  // A refused entry's pages say the slice is unavailable instead of sending the user elsewhere.
  for (const { name, routes } of dropped) {
    if (!name || routes.length === 0) continue;
    registerApplication({
      name,
      app: async () => unavailableLifecycles(name, () => remoteArea(outlet, name)),
      activeWhen: (location) => isActive({ routes }, location),
    });
  }
  const owned = [...manifest.remotes.flatMap((r) => r.routes), ...dropped.flatMap((d) => (d.name ? d.routes : []))];

  window.addEventListener('single-spa:routing-event', () => applyRedirect(owned));
  let lastStatus = sessionStore.getState().status;
  sessionStore.subscribe((state) => {
    if (state.status === lastStatus) return;
    lastStatus = state.status;
    applyRedirect(owned);
    void triggerAppChange();
  });
  applyRedirect(owned);
  start({ urlRerouteOnly: true });
  await sessionLoaded;
}

void main();

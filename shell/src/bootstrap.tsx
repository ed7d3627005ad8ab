import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { registerApplication, start, triggerAppChange } from 'single-spa';
import { configureApi } from 'shared-kernel/api';
import { loadSession, sessionStore } from 'shared-kernel/session';
import { PlatformProvider } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { matchesAny, navigate, setPlatformHost, type ReleaseManifest, type ReleaseRemote } from 'shared-kernel/platform';
import type { ComponentType } from 'react';
import { readEnv } from './env';
import { fetchReleaseManifest } from './features/registry/api/fetch-release-manifest';
import { installOverrides } from './features/override/model/install-overrides';
import { registerReleaseRemotes, loadExposed } from './features/registry/model/federation';
import { resilientLifecycles, type Lifecycles } from './features/registry/model/remote-lifecycles';
import { resolveRedirect, chromeFor } from './model/resolve-redirect';
import { Chrome } from './features/chrome/components/chrome';
import { createShellQueryClient } from './features/server-data/model/shell-query-client';
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

function isActive(remote: ReleaseRemote, location: Location): boolean {
  if (!matchesAny(remote.routes, location.pathname)) return false;
  // Signed-in pages mount only with a session; without one the shell sends the user to sign in.
  return chromeFor(location.pathname) === 'public' || sessionStore.getState().status === 'signedIn';
}

function applyRedirect(manifest: ReleaseManifest): void {
  const owned = manifest.remotes.flatMap((r) => r.routes);
  const target = resolveRedirect(window.location, sessionStore.getState().status, owned);
  if (target && target !== window.location.pathname + window.location.search) navigate(target, { replace: true });
}

const widgetKey = (key: string) => key.replace(/^\.\//, '');

/** Widgets are exposed modules listed in a remote's descriptor; each exports a `Widget` component. */
function publishWidgetLoader(manifest: ReleaseManifest): void {
  const find = (remote: string, widget: string) =>
    manifest.remotes.find((r) => r.name === remote && Object.keys(r.widgets).some((k) => widgetKey(k) === widget));
  setPlatformHost({
    hasWidget: (remote, widget) => Boolean(find(remote, widget)),
    loadWidget: async (remote, widget, attempt) => {
      const owner = find(remote, widget);
      if (!owner) throw new Error(`${remote} has no widget ${widget}`);
      const mod = await loadExposed<{ Widget?: ComponentType<Record<string, unknown>> }>(owner, `./${widget}`, attempt);
      if (!mod.Widget) throw new Error(`${remote}/${widget} exports no Widget`);
      return mod.Widget;
    },
  });
}

async function main(): Promise<void> {
  const env = readEnv();
  configureApi({ baseUrl: env.apiBaseUrl });
  // Before any slice mounts: every slice's PlatformProvider picks this one client up.
  createShellQueryClient();
  const container = document.getElementById('shell-root');
  if (!container) throw new Error('#shell-root missing');
  const root = createRoot(container);

  // The session call and the manifest run in parallel; neither waits for the other.
  const sessionLoaded = loadSession();
  let manifest: ReleaseManifest;
  try {
    manifest = installOverrides(await fetchReleaseManifest(env.manifestUrl));
  } catch (error) {
    console.error('[shell] release manifest', error);
    root.render(
      <PlatformProvider>
        <p role="alert" style={{ padding: 32 }}>
          {messages.shell.manifestFailed}
        </p>
      </PlatformProvider>,
    );
    return;
  }
  registerReleaseRemotes(manifest.remotes);
  publishWidgetLoader(manifest);
  (window as unknown as { __RENDIME_RELEASE__?: ReleaseManifest }).__RENDIME_RELEASE__ = manifest;

  const outlet = document.createElement('div');
  outlet.id = 'rendime-outlet';
  const nav = manifest.remotes.flatMap((r) => r.nav);
  flushSync(() => {
    root.render(
      <PlatformProvider>
        <Chrome outlet={outlet} nav={nav} />
      </PlatformProvider>,
    );
  });

  for (const remote of manifest.remotes) {
    registerApplication({
      name: remote.name,
      app: async () =>
        resilientLifecycles(remote, (attempt) => loadExposed<Lifecycles>(remote, './app', attempt), () => remoteArea(outlet, remote.name)),
      activeWhen: (location) => isActive(remote, location),
    });
  }

  window.addEventListener('single-spa:routing-event', () => applyRedirect(manifest));
  let lastStatus = sessionStore.getState().status;
  sessionStore.subscribe((state) => {
    if (state.status === lastStatus) return;
    lastStatus = state.status;
    applyRedirect(manifest);
    void triggerAppChange();
  });
  applyRedirect(manifest);
  start({ urlRerouteOnly: true });
  await sessionLoaded;
}

void main();

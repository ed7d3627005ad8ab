import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { registerApplication, start, triggerAppChange } from 'single-spa';
import { configureApi } from 'shared-kernel/api';
import { loadSession, sessionStore } from 'shared-kernel/session';
import { PlatformProvider } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { matchesAny, navigate, type ReleaseManifest, type ReleaseRemote } from 'shared-kernel/platform';
import { readEnv } from './env';
import { fetchReleaseManifest } from './features/registry/api/fetch-release-manifest';
import { registerReleaseRemotes, loadExposed } from './features/registry/model/federation';
import { resilientLifecycles, type Lifecycles } from './features/registry/model/remote-lifecycles';
import { resolveRedirect, chromeFor } from './features/routing/model/resolve-redirect';
import { Chrome } from './features/chrome/components/chrome';

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

async function main(): Promise<void> {
  const env = readEnv();
  configureApi({ baseUrl: env.apiBaseUrl });
  const container = document.getElementById('shell-root');
  if (!container) throw new Error('#shell-root missing');
  const root = createRoot(container);

  // The session call and the manifest run in parallel; neither waits for the other.
  const sessionLoaded = loadSession();
  let manifest: ReleaseManifest;
  try {
    manifest = await fetchReleaseManifest(env.manifestUrl);
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

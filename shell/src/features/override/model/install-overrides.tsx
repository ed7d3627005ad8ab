import { createRoot } from 'react-dom/client';
import type { ReleaseManifest } from 'shared-kernel/platform';
import { PlatformProvider } from 'shared-kernel/ui';
import { OverrideBadge } from '../components/override-badge';
import { applyOverrides, captureOverrideFromUrl, clearOverrides, readOverrideConfig, readStoredOverrides } from './overrides';

/**
 * The shell's one call (bootstrap, right after the release manifest arrives): takes an override
 * from the address, applies this browser's allowed overrides to the manifest and shows the badge.
 * Without `overrides.enabled` in the runtime config it returns the manifest untouched.
 */
export function installOverrides(manifest: ReleaseManifest, win: Window = window): ReleaseManifest {
  try {
    const config = readOverrideConfig(win.document);
    captureOverrideFromUrl(win, config);
    const overrides = readStoredOverrides(win.localStorage, config);
    const names = Object.keys(overrides).filter((name) => manifest.remotes.some((r) => r.name === name));
    if (names.length === 0) return manifest;
    mountBadge(win, names);
    return applyOverrides(manifest, overrides);
  } catch (error) {
    // A tester's tool must never stop the site: storage blocked (privacy mode) means no override.
    console.warn('[rendime override] ignored', error);
    return manifest;
  }
}

function mountBadge(win: Window, names: string[]): void {
  const host = win.document.createElement('div');
  host.id = 'rendime-override-badge';
  win.document.body.appendChild(host);
  const clear = () => {
    clearOverrides(win.localStorage);
    // The remotes already loaded cannot be swapped in place: a reload takes the published ones.
    win.location.reload();
  };
  createRoot(host).render(
    <PlatformProvider>
      <OverrideBadge remotes={names} onClear={clear} />
    </PlatformProvider>,
  );
}

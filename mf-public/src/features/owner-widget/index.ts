// The owner widget's bundle (ADR 0025): loaded on an owner's own website by the platform's loader
// (/widget/loader.js), which names the platform's origin in `data-platform` on this script tag.
import { mountOwnerWidgets, watchForNewWidgets } from './components/mount-widgets';

function platformOrigin(): string | null {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script) return null;
  try {
    return new URL(script.dataset.platform || script.src).origin;
  } catch {
    return null;
  }
}

const origin = platformOrigin();
if (origin) {
  const mount = () => void mountOwnerWidgets(document, origin, __APP_VERSION__);
  const start = () => {
    mount();
    watchForNewWidgets(document, mount);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}

import { createRoot, type Root } from 'react-dom/client';
import type { ReleaseRemote } from 'shared-kernel/platform';
import { RemoteFallback } from '../../../components/remote-fallback';
import { PlatformProvider } from 'shared-kernel/ui';

export interface Lifecycles {
  bootstrap: (props: object) => Promise<unknown>;
  mount: (props: object) => Promise<unknown>;
  unmount: (props: object) => Promise<unknown>;
}

type Loader = (attempt: number) => Promise<Lifecycles>;

/**
 * single-spa sees this wrapper, never the remote directly. When the remote cannot be loaded or its
 * mount throws, the wrapper mounts an Estonian fallback with a retry button in the remote's area
 * instead, so single-spa never marks the application broken and the rest of the page keeps working.
 */
export function resilientLifecycles(remote: ReleaseRemote, load: Loader, domElement: () => HTMLElement): Lifecycles {
  let real: Lifecycles | null = null;
  let realBootstrapped = false;
  let realMounted = false;
  let fallbackRoot: Root | null = null;
  let attempt = 0;
  let lastProps: object = {};
  let mounted = false;

  async function tryMountReal(props: object): Promise<void> {
    if (!real) {
      real = await load(attempt);
    }
    if (!realBootstrapped) {
      await real.bootstrap(props);
      realBootstrapped = true;
    }
    await real.mount({ ...props, domElement: domElement() });
    realMounted = true;
  }

  function showFallback(error: unknown) {
    console.error(`[shell] ${remote.name} failed`, error);
    if (!fallbackRoot) {
      const host = document.createElement('div');
      host.dataset.fallbackFor = remote.name;
      domElement().appendChild(host);
      fallbackRoot = createRoot(host);
    }
    fallbackRoot.render(
      <PlatformProvider>
        <RemoteFallback remoteName={remote.name} onRetry={retry} />
      </PlatformProvider>,
    );
  }

  function clearFallback() {
    if (fallbackRoot) {
      fallbackRoot.unmount();
      fallbackRoot = null;
      domElement().querySelectorAll(`[data-fallback-for="${remote.name}"]`).forEach((n) => n.remove());
    }
  }

  async function retry(): Promise<void> {
    attempt += 1;
    real = null;
    realBootstrapped = false;
    try {
      await tryMountReal(lastProps);
      clearFallback();
    } catch (error) {
      showFallback(error);
    }
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      lastProps = props;
      mounted = true;
      try {
        await tryMountReal(props);
      } catch (error) {
        if (mounted) showFallback(error);
      }
    },
    unmount: async (props) => {
      mounted = false;
      clearFallback();
      if (real && realMounted) {
        realMounted = false;
        await real.unmount({ ...props, domElement: domElement() });
      }
    },
  };
}

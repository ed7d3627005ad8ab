// The monolith's entry: what the shell's bootstrap does for the public pages, without the release
// manifest, single-spa or Module Federation. The chrome and mf-public's routes are the same
// components; the widgets other slices lend to those pages are lazy chunks of this build.
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { BrowserRouter } from 'shared-kernel/router';
import { configureApi } from 'shared-kernel/api';
import { loadSession } from 'shared-kernel/session';
import { PlatformProvider } from 'shared-kernel/ui';
import { setPlatformHost, type NavEntry } from 'shared-kernel/platform';
import { readEnv } from '@monolith/shell/env';
import { Chrome } from '@monolith/shell/features/chrome/components/chrome';
import { createShellQueryClient } from '@monolith/shell/features/server-data/model/shell-query-client';
import { SliceRoutes } from '@monolith/mf-public/routes';
import publicRemote from '../../../mf-public/remote.json';

type WidgetModule = { Widget: ComponentType<Record<string, unknown>> };
const widgets: Record<string, () => Promise<WidgetModule>> = {
  'mf-booking/booking-panel': () => import('@monolith/mf-booking/widgets/booking-panel') as Promise<unknown> as Promise<WidgetModule>,
  'mf-messaging/message-dialog': () => import('@monolith/mf-messaging/widgets/message-dialog') as Promise<unknown> as Promise<WidgetModule>,
  'mf-messaging/unread-badges': () => import('@monolith/mf-messaging/widgets/unread-badges') as Promise<unknown> as Promise<WidgetModule>,
  'mf-account/identity-check': () => import('@monolith/mf-account/widgets/identity-check') as Promise<unknown> as Promise<WidgetModule>,
};

function main(): void {
  const env = readEnv();
  configureApi({ baseUrl: env.apiBaseUrl });
  createShellQueryClient();
  setPlatformHost({
    hasWidget: (remote, widget) => `${remote}/${widget}` in widgets,
    loadWidget: async (remote, widget) => {
      const load = widgets[`${remote}/${widget}`];
      if (!load) throw new Error(`${remote} has no widget ${widget}`);
      return (await load()).Widget;
    },
  });
  const container = document.getElementById('shell-root');
  if (!container) throw new Error('#shell-root missing');
  const sessionLoaded = loadSession();

  const outlet = document.createElement('div');
  outlet.id = 'rendime-outlet';
  const area = document.createElement('div');
  area.dataset.remoteArea = 'mf-public';
  outlet.appendChild(area);
  const nav = publicRemote.nav as NavEntry[];
  flushSync(() => {
    createRoot(container).render(
      <PlatformProvider>
        <Chrome outlet={outlet} nav={nav} />
      </PlatformProvider>,
    );
  });
  // The same tree a slice's lifecycles mount into its area.
  createRoot(area).render(
    <div data-remote="mf-public" data-version={__APP_VERSION__}>
      <PlatformProvider>
        <BrowserRouter>
          <SliceRoutes />
        </BrowserRouter>
      </PlatformProvider>
    </div>,
  );
  void sessionLoaded;
}

main();

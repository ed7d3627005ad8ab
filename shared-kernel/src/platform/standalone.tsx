import type { ReactNode } from 'react';
import { configureApi } from 'shared-kernel/api';
import { loadSession, setSessionUser, type SessionUser } from 'shared-kernel/session';
import { createPlatformQueryClient, setPlatformQueryClient } from './query-client';
import { createSliceLifecycles } from './slice-lifecycles';

/** The user a slice's team works as in standalone `dev`, unless the URL says `?session=none` or `?session=real`. */
export const MOCK_SESSION_USER: SessionUser = {
  id: 2,
  username: 'mari.maasikas@rendime.ee',
  name: 'Mari',
  lastName: 'Maasikas',
  type: 'B2C',
  isB2b: false,
  allowVat: false,
  allowEmail: true,
  accountNr: 'EE382200221020145685',
  accountBalance: 125.5,
  contactInfos: [
    { id: 1, type: 'EMAIL', value: 'mari.maasikas@rendime.ee', prime: true },
    { id: 2, type: 'PHONE', value: '+37255512345', prime: true },
  ],
  roles: ['ROLE_USER'],
};

/**
 * Runs one slice on its own dev server, outside the shell: same lifecycles, a mock session, and
 * the API reached through the dev server's /api proxy, and its own query client in the shell's place.
 */
export function mountStandalone(opts: {
  name: string;
  version: string;
  Root: () => ReactNode;
  Provider: (p: { children: ReactNode }) => ReactNode;
}): void {
  configureApi({ baseUrl: '/api' });
  setPlatformQueryClient(createPlatformQueryClient());
  const mode = new URLSearchParams(window.location.search).get('session');
  if (mode === 'real') void loadSession();
  else setSessionUser(mode === 'none' ? null : MOCK_SESSION_USER);
  const lifecycles = createSliceLifecycles(opts);
  const domElement = document.getElementById('root') ?? document.body;
  const props = { name: opts.name, domElement } as never;
  void Promise.resolve(lifecycles.bootstrap(props)).then(() => lifecycles.mount(props));
}

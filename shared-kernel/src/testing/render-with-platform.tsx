import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { presetSession } from '../session/session-store';
import type { SessionUser } from '../session/session-user';
import { PlatformProvider } from '../ui/platform-provider';

let nextId = 100;

/** A complete signed-in user; override what the test cares about. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const id = overrides.id ?? nextId++;
  const username = overrides.username ?? `kasutaja${id}@example.ee`;
  return {
    id,
    username,
    name: 'Mari',
    lastName: 'Maasikas',
    type: 'B2C',
    isB2b: false,
    allowVat: false,
    allowEmail: true,
    accountNr: null,
    accountBalance: 0,
    contactInfos: [
      { id: id * 10 + 1, type: 'EMAIL', value: username, prime: true },
      { id: id * 10 + 2, type: 'PHONE', value: '+37255512345', prime: false },
    ],
    roles: ['ROLE_USER'],
    ...overrides,
  };
}

export interface RenderWithPlatformOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** The session the store holds: a user, null (signed out, the default) or 'loading'. */
  session?: SessionUser | null | 'loading';
  /** The router's current URL. */
  route?: string;
}

/**
 * Renders inside the platform's providers (Chakra system + a MemoryRouter) with the session store
 * preset, without any request and without broadcasting the session to other tests' listeners.
 */
export function renderWithPlatform(ui: ReactElement, options: RenderWithPlatformOptions = {}): RenderResult {
  const { session = null, route = '/', ...renderOptions } = options;
  presetSession(session === 'loading' ? 'loading' : { status: session ? 'signedIn' : 'none', user: session });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <PlatformProvider>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </PlatformProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...renderOptions });
}

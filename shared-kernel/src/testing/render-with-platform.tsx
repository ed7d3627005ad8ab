import { notifyManager, QueryClient } from '@tanstack/react-query';
import {
  render,
  renderHook,
  type RenderHookOptions,
  type RenderHookResult,
  type RenderOptions,
  type RenderResult,
} from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { presetSession } from '../session/session-store';
import type { SessionUser } from '../session/session-user';
import { PlatformProvider } from '../ui/platform-provider';

// Query results reach components in a macrotask by default, which lands after an act() scope (an
// act() warning) and waits for fake timers to be advanced once more. In tests they go out as
// microtasks, so the act() that caused them also renders them.
notifyManager.setScheduler(queueMicrotask);

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

/**
 * A client for one test: no retries (a failure shows at once) and no garbage-collection timers
 * left running after the test. Each test gets its own, so no cached answer leaks between tests.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export interface PlatformTestOptions {
  /** The session the store holds: a user, null (signed out, the default) or 'loading'. */
  session?: SessionUser | null | 'loading';
  /** The router's current URL. */
  route?: string;
  /** The query client; a fresh createTestQueryClient() unless given (e.g. to share it between renders). */
  queryClient?: QueryClient;
}

export type RenderWithPlatformOptions = PlatformTestOptions & Omit<RenderOptions, 'wrapper' | 'queries'>;

function platformWrapper({ session = null, route = '/', queryClient }: PlatformTestOptions, client: QueryClient) {
  presetSession(session === 'loading' ? 'loading' : { status: session ? 'signedIn' : 'none', user: session });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <PlatformProvider queryClient={queryClient ?? client}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </PlatformProvider>
    );
  };
}

/**
 * Renders inside the platform's providers (Chakra system, a fresh query client, a MemoryRouter)
 * with the session store preset, without any request and without broadcasting the session to
 * other tests' listeners. The result carries the query client the tree used.
 */
export function renderWithPlatform(ui: ReactElement, options: RenderWithPlatformOptions = {}): RenderResult & { queryClient: QueryClient } {
  const { session, route, queryClient = createTestQueryClient(), ...renderOptions } = options;
  const wrapper = platformWrapper({ session, route }, queryClient);
  const result: RenderResult = render(ui, { ...(renderOptions as RenderOptions), wrapper });
  return { ...result, queryClient };
}

/** renderHook inside the same providers as renderWithPlatform, for hooks that use queries, the router or the session. */
export function renderHookWithPlatform<Result, Props>(
  hook: (props: Props) => Result,
  options: PlatformTestOptions & Omit<RenderHookOptions<Props>, 'wrapper' | 'queries'> = {},
): RenderHookResult<Result, Props> & { queryClient: QueryClient } {
  const { session, route, queryClient = createTestQueryClient(), ...hookOptions } = options;
  const wrapper = platformWrapper({ session, route }, queryClient);
  return { ...renderHook(hook, { wrapper, ...hookOptions }), queryClient };
}

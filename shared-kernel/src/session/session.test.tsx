import { act, render, screen } from '@testing-library/react';
import { configureApi } from '../api';
import { on } from '../events';
import { presetSession } from './session-store';
import {
  deriveSession,
  getSession,
  loadSession,
  sessionStore,
  refreshSession,
  setSessionUser,
  signOut,
  useDerivedSession,
  useSession,
  type SessionUser,
} from './index';

type SessionModule = typeof import('./index');

const mari: SessionUser = {
  id: 7,
  username: 'mari@example.ee',
  name: 'Mari',
  lastName: 'Maasikas',
  type: 'B2C',
  isB2b: false,
  allowVat: false,
  allowEmail: true,
  accountNr: null,
  accountBalance: 1250,
  contactInfos: [{ id: 1, type: 'EMAIL', value: 'mari@example.ee', prime: true }],
  roles: ['ROLE_USER'],
};
const firma: SessionUser = {
  ...mari,
  id: 8,
  username: 'firma@example.ee',
  name: 'Firma OÜ',
  lastName: '',
  type: 'B2B',
  roles: ['ROLE_ADMIN'],
};

function respond(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status < 300, status, statusText: '', text: async () => text, blob: async () => new Blob([text]) } as unknown as Response;
}

let fetch: jest.Mock;
let warn: jest.SpyInstance;

beforeEach(() => {
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('rendime.events.last')];
  fetch = jest.fn(async () => respond(200, mari));
  configureApi({ fetch });
  presetSession('loading');
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('loading the session', () => {
  it('starts loading, then fills once from GET /users/session shared by concurrent callers', async () => {
    expect(getSession().status).toBe('loading');
    const [a, b] = await Promise.all([loadSession(), loadSession()]);
    expect(a).toEqual({ status: 'signedIn', user: mari });
    expect(b).toBe(a);
    await loadSession();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/users/session');
    expect(fetch.mock.calls[0][1].credentials).toBe('include');
  });

  it('is none when the server answers 200 with no user, without a warning', async () => {
    fetch.mockResolvedValueOnce(respond(200, null));
    await expect(loadSession()).resolves.toEqual({ status: 'none', user: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it("takes an older API's 401 as signed out too, without a warning", async () => {
    fetch.mockResolvedValueOnce(respond(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'no' }));
    await expect(loadSession()).resolves.toEqual({ status: 'none', user: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it('is none (with a warning) when the answer is not a user', async () => {
    fetch.mockResolvedValueOnce(respond(200, { id: 'x' }));
    await expect(loadSession()).resolves.toEqual({ status: 'none', user: null });
    expect(warn).toHaveBeenCalled();
  });

  it('is none (with a warning) when the server cannot be reached', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(loadSession()).resolves.toEqual({ status: 'none', user: null });
    expect(warn).toHaveBeenCalled();
  });

  it('refreshSession asks again', async () => {
    await loadSession();
    fetch.mockResolvedValueOnce(respond(200, firma));
    await expect(refreshSession()).resolves.toEqual({ status: 'signedIn', user: firma });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a sign-out during loading wins over the late answer', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    fetch.mockResolvedValueOnce(respond(200));
    const pending = loadSession();
    await signOut();
    answer(respond(200, mari));
    await pending;
    expect(getSession()).toEqual({ status: 'none', user: null });
  });
});

describe('changing the session', () => {
  it('setSessionUser updates the store and broadcasts', () => {
    const seen = jest.fn();
    const off = on('session-changed', seen);
    setSessionUser(mari);
    expect(getSession()).toEqual({ status: 'signedIn', user: mari });
    expect(seen).toHaveBeenCalledWith({ user: mari }, expect.objectContaining({ local: true }));
    off();
  });

  it('signOut posts /users/logout then clears, even when the call fails', async () => {
    setSessionUser(mari);
    fetch.mockRejectedValueOnce(new TypeError('offline'));
    await signOut();
    expect(fetch.mock.calls[0][0]).toBe('/api/users/logout');
    expect(fetch.mock.calls[0][1].method).toBe('POST');
    expect(getSession()).toEqual({ status: 'none', user: null });
  });
});

describe('two copies of the kernel', () => {
  function secondCopy(): SessionModule {
    let copy: SessionModule | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<SessionModule>('./index');
      // The copy's own API client, on the same stubbed network.
      jest.requireActual<typeof import('../api')>('../api').configureApi({ fetch });
    });
    if (!copy) throw new Error('not loaded');
    return copy;
  }

  it("a later copy shows the shared last value at once, then takes the API's answer on its own", async () => {
    setSessionUser(mari);
    // The server says otherwise (the shared value could have been written by any script).
    fetch.mockImplementation(async () => respond(200, firma));
    const other = secondCopy();
    expect(other.sessionStore).not.toBe(sessionStore);
    expect(other.getSession()).toEqual({ status: 'signedIn', user: mari });
    await waitForFetches(1);
    await settle();
    expect(fetch.mock.calls[0][0]).toBe('/api/users/session');
    expect(other.getSession()).toEqual({ status: 'signedIn', user: firma });
    // loaded now: no second request
    await other.loadSession();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("take another copy's change from the API's answer, without echo loops", async () => {
    setSessionUser(mari);
    const other = secondCopy();
    const events = jest.fn();
    const off = on('session-changed', events);
    // The server agrees with the change the other copy announces.
    fetch.mockImplementation(async () => respond(200, firma));
    other.setSessionUser(firma);
    await waitForFetches(1);
    await settle();
    expect(getSession()).toEqual({ status: 'signedIn', user: firma });
    // Only the announcing copy's event: the re-check does not broadcast again.
    expect(events).toHaveBeenCalledTimes(1);

    fetch.mockImplementation(async () => respond(200, null));
    setSessionUser(null);
    await waitForFetches(2);
    await settle();
    expect(other.getSession()).toEqual({ status: 'none', user: null });
    expect(events).toHaveBeenCalledTimes(2);
    off();
  });
});

/** Dispatches `session-changed` the way a script in the browser console can: a hand-made envelope on window. */
function forgeSessionChanged(user: unknown): void {
  window.dispatchEvent(new CustomEvent('rendime:session-changed', { detail: { version: 1, source: 'console', payload: { user } } }));
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
}

async function waitForFetches(n: number): Promise<void> {
  for (let i = 0; i < 50 && fetch.mock.calls.length < n; i += 1) await settle();
  expect(fetch).toHaveBeenCalledTimes(n);
}

describe('a session-changed event from elsewhere (issue 14)', () => {
  it("does not sign the UI out while the server session lives: the store keeps the API's answer", async () => {
    await loadSession();
    expect(getSession()).toEqual({ status: 'signedIn', user: mari });
    forgeSessionChanged(null);
    // Nothing changes on the event itself...
    expect(getSession()).toEqual({ status: 'signedIn', user: mari });
    // ...it only makes the store ask the server, whose answer (still Mari) stands.
    await waitForFetches(2);
    await settle();
    expect(fetch.mock.calls[1][0]).toBe('/api/users/session');
    expect(getSession()).toEqual({ status: 'signedIn', user: mari });
  });

  it('does not sign anybody in from a forged user either', async () => {
    fetch.mockImplementation(async () => respond(200, null));
    await loadSession();
    forgeSessionChanged({ id: 1, username: 'admin@rendime.ee', roles: ['ROLE_ADMIN'] });
    expect(getSession().status).toBe('none');
    await waitForFetches(2);
    await settle();
    expect(getSession()).toEqual({ status: 'none', user: null });
  });

  it('follows the server when the session really ended elsewhere', async () => {
    await loadSession();
    fetch.mockImplementation(async () => respond(200, null));
    forgeSessionChanged(null);
    await waitForFetches(2);
    await settle();
    expect(getSession()).toEqual({ status: 'none', user: null });
  });

  it('a burst of events costs one request in flight and one after it, and only the later answer counts', async () => {
    await loadSession();
    const answers: Array<(r: Response) => void> = [];
    fetch.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    for (let i = 0; i < 20; i += 1) forgeSessionChanged(null);
    await waitForFetches(2);
    // The first answer was sent before the later events: it says "signed out" but no longer counts.
    answers[0](respond(200, null));
    await waitForFetches(3);
    expect(getSession()).toEqual({ status: 'signedIn', user: mari });
    answers[1](respond(200, mari));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(getSession()).toEqual({ status: 'signedIn', user: mari });
  });

  it("ignores its own copy's events (no request after a sign-in answer)", async () => {
    setSessionUser(mari);
    await settle();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('deriveSession', () => {
  it('derives roles, permissions, initials and name in one place', () => {
    expect(deriveSession(mari)).toEqual({
      roles: ['ROLE_USER'],
      isAdmin: false,
      canBook: true,
      needsVerification: false,
      isLimited: false,
      isBusiness: false,
      initials: 'MA',
      displayName: 'Mari Maasikas',
    });
    expect(deriveSession(firma)).toMatchObject({ isAdmin: true, canBook: true, isBusiness: true, initials: 'FI', displayName: 'Firma OÜ' });
    expect(deriveSession({ ...mari, roles: ['ROLE_USER_B2C_NEED_ID'] })).toMatchObject({ canBook: false, needsVerification: true });
    expect(deriveSession({ ...mari, roles: ['ROLE_USER_LIMITED'] })).toMatchObject({ canBook: true, isLimited: true });
    expect(deriveSession({ ...mari, username: 'õie@x.ee' }).initials).toBe('ÕI');
    expect(deriveSession({ ...mari, name: '', lastName: '' }).displayName).toBe('mari@example.ee');
    expect(deriveSession(null)).toMatchObject({ roles: [], canBook: false, initials: '' });
  });

  it('returns the same object for the same user (stable for selectors)', () => {
    expect(deriveSession(mari)).toBe(deriveSession(mari));
  });
});

describe('hooks', () => {
  it('re-render on changes', () => {
    function Avatar() {
      const status = useSession((s) => s.status);
      const { initials } = useDerivedSession();
      return <span data-testid="avatar">{`${status}:${initials}`}</span>;
    }
    render(<Avatar />);
    expect(screen.getByTestId('avatar')).toHaveTextContent('loading:');
    act(() => setSessionUser(mari));
    expect(screen.getByTestId('avatar')).toHaveTextContent('signedIn:MA');
  });
});

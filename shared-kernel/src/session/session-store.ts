// The schema's zod-free guard: the session is read on every first paint, before zod (issue 28).
import { SessionResponseGuard } from '../schemas/user-guard';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { getApi } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { emit, on, peek } from '../events/event-bus';
import { deriveSession, type DerivedSession } from './derive-session';
import type { SessionUser } from './session-user';

export type SessionStatus = 'loading' | 'signedIn' | 'none';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const SESSION_PATH = '/users/session';
export const LOGOUT_PATH = '/users/logout';

function stateFor(user: SessionUser | null): SessionState {
  return { status: user ? 'signedIn' : 'none', user };
}

// Another kernel copy may already know the session (a slice loaded after the shell). Its last
// value only spares the page a 'loading' flash: it sits on `window`, where any script can write,
// so this copy still asks the API (below) before it counts as loaded.
const known = peek('session-changed');

export const sessionStore = createStore<SessionState>(() => (known ? stateFor(known.payload.user) : { status: 'loading', user: null }));

let loaded = false;
let inFlight: Promise<SessionState> | undefined;
let generation = 0;
/** A re-check asked for by an event while one was already on its way; it runs once that one ends. */
let recheckQueued = false;
let recheckRunning: Promise<SessionState> | undefined;

function apply(user: SessionUser | null, broadcast: boolean): void {
  loaded = true;
  const current = sessionStore.getState();
  const next = stateFor(user);
  if (current.status !== next.status || current.user !== next.user) sessionStore.setState(next, true);
  if (broadcast) emit('session-changed', { user });
}

/**
 * A `session-changed` from elsewhere (another kernel copy, or any script: the event rides on
 * `window`) is news that the session may have changed, never the new session itself: its payload
 * is ignored and the store asks `GET /users/session` again, taking only the API's answer (issue 14).
 * A burst of events costs at most one request in flight plus one after it; an answer to a request
 * sent before the latest event is dropped (the generation moved on), since it may predate the change.
 */
function recheckFromEvent(): Promise<SessionState> {
  if (recheckRunning) {
    recheckQueued = true;
    generation += 1; // whatever is in flight now may predate the change: its answer no longer counts
    return recheckRunning;
  }
  const run = fetchSession(false).finally(() => {
    recheckRunning = undefined;
    if (recheckQueued) {
      recheckQueued = false;
      void recheckFromEvent();
    }
  });
  recheckRunning = run;
  return run;
}

on('session-changed', (_payload, meta) => {
  if (meta.local) return;
  void recheckFromEvent();
});

/** @param broadcast false for a re-check caused by another copy's event: that copy already told everyone. */
function fetchSession(broadcast = true): Promise<SessionState> {
  const mine = ++generation;
  const request: Promise<SessionState> = getApi()
    .get(SESSION_PATH, { schema: SessionResponseGuard })
    .then(
      // 200 with null: nobody is signed in.
      (user) => user ?? null,
      (error: unknown) => {
        // An API from before the 200-with-null answer says 401 for "nobody": no news, no warning.
        if (!isApiError(error) || (error.status !== 401 && error.status !== 403)) {
          console.warn('[rendime session] loading the session failed; continuing signed out', error);
        }
        return null;
      },
    )
    .then((user): SessionState | Promise<SessionState> => {
      // A newer change (sign-out, a later event's re-check) wins over this answer.
      if (mine === generation) {
        apply(user, broadcast);
        return sessionStore.getState();
      }
      // Superseded: callers waiting on this request get the newer one's settled answer.
      return inFlight && inFlight !== request ? inFlight : sessionStore.getState();
    })
    .finally(() => {
      if (inFlight === request) inFlight = undefined;
    });
  inFlight = request;
  return request;
}

// A copy that started from the shared last value checks it with the API on its own (nobody may
// call its loadSession); it tells no one, since the answer is news only to itself.
if (known) {
  queueMicrotask(() => {
    if (!loaded && !inFlight) void fetchSession(false);
  });
}

/** Fills the store once from `GET /users/session` (the user, or null); concurrent and later callers share that result. */
export function loadSession(): Promise<SessionState> {
  if (inFlight) return inFlight;
  if (loaded) return Promise.resolve(sessionStore.getState());
  return fetchSession();
}

/** Asks the server again (after sign-in, profile changes). */
export function refreshSession(): Promise<SessionState> {
  return fetchSession();
}

/** Sets the user (e.g. from the sign-in answer) here and in every other kernel copy. */
export function setSessionUser(user: SessionUser | null): void {
  generation += 1;
  apply(user, true);
}

/** Signs out on the server, then clears the session everywhere, even if the call failed. */
export async function signOut(): Promise<void> {
  try {
    await getApi().post(LOGOUT_PATH);
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) console.warn('[rendime session] logout call failed', error);
  } finally {
    setSessionUser(null);
  }
}

export function getSession(): SessionState {
  return sessionStore.getState();
}

/** React hook over the one session store. Selectors must return stable values (see deriveSession). */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/**
 * Puts the store in a given state without a request or a broadcast. For test helpers only.
 * @internal
 */
export function presetSession(state: SessionState | 'loading'): void {
  generation += 1;
  inFlight = undefined;
  recheckRunning = undefined;
  recheckQueued = false;
  if (state === 'loading') {
    loaded = false;
    sessionStore.setState({ status: 'loading', user: null }, true);
  } else {
    loaded = true;
    sessionStore.setState(state, true);
  }
}

/** The derived view of the current user (roles, canBook, needsVerification, initials...). */
export function useDerivedSession(): DerivedSession {
  return useStore(sessionStore, (state) => deriveSession(state.user));
}

import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { getPlatformQueryClient } from 'shared-kernel/platform';
import { makeUser } from 'shared-kernel/testing';
import type { SessionState } from 'shared-kernel/session';
import { createStore } from 'zustand/vanilla';
import { createShellQueryClient } from './shell-query-client';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((fn) => fn()));

function setup(initial: SessionState) {
  const session = createStore<SessionState>(() => initial);
  const client = createShellQueryClient(session);
  // One cached answer nobody shows, one on screen (an observer keeps it active).
  client.setQueryData(['old-list'], ['a']);
  client.setQueryData(['shown'], 1);
  const fetchShown = jest.fn(async () => 2);
  const observer = new QueryObserver(client, { queryKey: ['shown'], queryFn: fetchShown, staleTime: Infinity });
  cleanups.push(observer.subscribe(() => undefined));
  return { session, client, fetchShown };
}

describe('createShellQueryClient', () => {
  it('is the client every slice gets', () => {
    const { client } = setup({ status: 'none', user: null });
    expect(getPlatformQueryClient()).toBe(client);
  });

  it("forgets the previous user's answers when the user signs out or another signs in", async () => {
    const { session, client, fetchShown } = setup({ status: 'signedIn', user: makeUser() });
    session.setState({ status: 'none', user: null });
    expect(client.getQueryData(['old-list'])).toBeUndefined();
    await waitFor(() => expect(client.getQueryData(['shown'])).toBe(2));
    client.setQueryData(['old-list'], ['b']);
    session.setState({ status: 'signedIn', user: makeUser() });
    expect(client.getQueryData(['old-list'])).toBeUndefined();
    expect(fetchShown).toHaveBeenCalledTimes(2);
  });

  it('keeps the cache when the session only finishes loading or the same user is set again', () => {
    const mari = makeUser();
    const { session, client, fetchShown } = setup({ status: 'loading', user: null });
    session.setState({ status: 'signedIn', user: mari });
    session.setState({ status: 'signedIn', user: { ...mari, name: 'Maria' } });
    expect(client.getQueryData(['old-list'])).toEqual(['a']);
    expect(client.getQueryState(['shown'])?.isInvalidated).toBe(false);
    expect(fetchShown).not.toHaveBeenCalled();
  });
});

import { QueryObserver } from '@tanstack/react-query';
import { createPlatformQueryClient } from 'shared-kernel/platform';
import { adoptServerState, SERVER_STATE_ID } from './server-state';

// ADR 0041: the query cache a server-rendered page came with goes into the page's client, so the
// slice renders from it without asking the API again.
const KEY = ['products', 27, 'details'];
const state = (dataUpdatedAt: number) => ({
  mutations: [],
  queries: [
    {
      queryKey: KEY,
      queryHash: JSON.stringify(KEY),
      state: {
        data: { id: 27, name: '</script> Haagis' },
        dataUpdateCount: 1,
        dataUpdatedAt,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    },
  ],
});

function embed(text: string, path = '/public/detail-view/27', version?: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = SERVER_STATE_ID;
  el.setAttribute('data-path', path);
  if (version) {
    el.setAttribute('data-remote', 'mf-public');
    el.setAttribute('data-version', version);
  }
  el.textContent = text;
  document.body.appendChild(el);
}

afterEach(() => document.getElementById(SERVER_STATE_ID)?.remove());

describe('adoptServerState', () => {
  it("puts the server's answers into the client as fresh, so a page mounting now does not fetch them", async () => {
    // Rendered by a server whose clock is an hour behind: still fresh here.
    embed(JSON.stringify(state(Date.now() - 3_600_000)));
    const client = createPlatformQueryClient();
    expect(adoptServerState(client, document, '/public/detail-view/27')).toBe(true);
    expect(client.getQueryData(KEY)).toEqual({ id: 27, name: '</script> Haagis' });
    const queryFn = jest.fn(async () => ({ id: 27, name: 'refetched' }));
    const observer = new QueryObserver(client, { queryKey: KEY, queryFn });
    const off = observer.subscribe(() => undefined);
    await Promise.resolve();
    expect(queryFn).not.toHaveBeenCalled();
    off();
    // Read once: the element is gone.
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
  });

  it('takes nothing rendered for another page, nor a block that is not a cache', () => {
    const client = createPlatformQueryClient();
    embed(JSON.stringify(state(Date.now())), '/public/detail-view/28');
    expect(adoptServerState(client, document, '/public/detail-view/27')).toBe(false);
    embed('{not json');
    expect(adoptServerState(client, document, '/public/detail-view/27')).toBe(false);
    embed('{"queries": 3}');
    expect(adoptServerState(client, document, '/public/detail-view/27')).toBe(false);
    expect(adoptServerState(client, document, '/public/detail-view/27')).toBe(false);
    expect(client.getQueryData(KEY)).toBeUndefined();
  });

  it('takes the cache only when this page mounts the version that rendered it', () => {
    const mounted = (remote: string) => (remote === 'mf-public' ? '1.1.0' : undefined);
    // The server rendered with the previous version (the new one's render failed): the new one mounts here.
    const client = createPlatformQueryClient();
    embed(JSON.stringify(state(Date.now())), '/public/detail-view/27', '1.0.0');
    expect(adoptServerState(client, document, '/public/detail-view/27', Date.now(), mounted)).toBe(false);
    expect(client.getQueryData(KEY)).toBeUndefined();
    expect(document.getElementById(SERVER_STATE_ID)).toBeNull();
    embed(JSON.stringify(state(Date.now())), '/public/detail-view/27', '1.1.0');
    expect(adoptServerState(client, document, '/public/detail-view/27', Date.now(), mounted)).toBe(true);
    expect(client.getQueryData(KEY)).toEqual({ id: 27, name: '</script> Haagis' });
  });
});

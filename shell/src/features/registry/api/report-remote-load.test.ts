import { configureRemoteReports, reportMessage, reportRemoteLoad } from './report-remote-load';

const outcome = {
  remote: 'mf-booking',
  version: '2.0.0',
  outcome: 'mount' as const,
  servedVersion: '1.0.0',
  durationMs: 12.6,
  message: 'boom\n    at x.js:1',
};

function fakeWindow(
  beacon: ((url: string, body: Blob) => boolean) | undefined,
  fetchImpl: jest.Mock = jest.fn(async () => ({ ok: true, status: 204 })),
) {
  return {
    location: { pathname: '/auth/my-rentals' },
    navigator: { sendBeacon: beacon },
    fetch: fetchImpl,
  } as unknown as Window & { fetch: jest.Mock };
}

// jsdom's Blob has no text(); FileReader reads it.
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('reportRemoteLoad', () => {
  beforeEach(() => configureRemoteReports({ apiBaseUrl: '/api/', release: '42' }));

  it('posts the report as JSON to the API with keepalive, with the page path and the release, one line of message', () => {
    const win = fakeWindow(jest.fn(() => true));
    reportRemoteLoad(outcome, win);
    expect(win.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = win.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/platform/remote-reports');
    expect(init).toEqual(expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'same-origin' }));
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'X-Requested-With': 'rendime' });
    expect(JSON.parse(String(init.body))).toEqual({ ...outcome, durationMs: 13, message: 'boom', path: '/auth/my-rentals', release: '42' });
    expect(win.navigator.sendBeacon).not.toHaveBeenCalled();
  });

  it('sends a JSON beacon where there is no fetch', async () => {
    const beacon = jest.fn((_url: string, _body: Blob) => true);
    const win = fakeWindow(beacon);
    (win as unknown as { fetch: undefined }).fetch = undefined;
    reportRemoteLoad(outcome, win);
    const [url, body] = beacon.mock.calls[0];
    expect(url).toBe('/api/platform/remote-reports');
    expect(body.type).toBe('application/json');
    expect(JSON.parse(await readText(body))).toEqual(expect.objectContaining({ remote: 'mf-booking', release: '42' }));
  });

  it('is silent when sending fails and sends nothing that breaks the contract', async () => {
    const throwing = fakeWindow(
      undefined,
      jest.fn(() => {
        throw new Error('blocked');
      }),
    );
    expect(() => reportRemoteLoad(outcome, throwing)).not.toThrow();
    const rejected = fakeWindow(
      undefined,
      jest.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(() => reportRemoteLoad(outcome, rejected)).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    const win = fakeWindow(undefined);
    reportRemoteLoad({ ...outcome, remote: 'not a slice' }, win);
    expect(win.fetch).not.toHaveBeenCalled();
  });

  it('keeps the first line of an error message, no stack', () => {
    const error = new Error('Loading chunk 12 failed.\n(error: http://x/12.js)');
    expect(reportMessage(error)).toBe('Loading chunk 12 failed.');
    expect(reportMessage('x'.repeat(400))).toHaveLength(300);
    expect(reportMessage({})).toBe('');
  });
});

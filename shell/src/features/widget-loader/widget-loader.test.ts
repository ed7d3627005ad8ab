import * as kernel from 'shared-kernel/schemas';
import { LOADER_STARTED, OWNER_WIDGET_EMBED, loadOwnerWidget, widgetScriptUrl } from './widget-loader';

const manifest = (embeds: unknown, entry = 'https://cdn.rendime.example/mf-public/1.0.0+3f2a9c01d4/mf-manifest.json') => ({
  release: '12',
  remotes: [
    { name: 'mf-booking', entry: 'https://cdn.rendime.example/mf-booking/1.0.0+aaaaaaaaaa/mf-manifest.json', embeds: {} },
    { name: 'mf-public', entry, embeds },
  ],
});

const respond = (body: unknown, status = 200) =>
  jest.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => ({ ok: status === 200, status, json: async () => body }) as unknown as Response,
  );

afterEach(() => {
  document.head.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[LOADER_STARTED];
});

test('the embed name is the kernel’s', () => {
  expect(OWNER_WIDGET_EMBED).toBe(kernel.OWNER_WIDGET_EMBED);
});

test('finds the live owner-widget file beside the entry of the remote that declares it', () => {
  expect(widgetScriptUrl(manifest({ 'owner-widget': 'owner-widget.js' }))).toBe(
    'https://cdn.rendime.example/mf-public/1.0.0+3f2a9c01d4/owner-widget.js',
  );
});

test('no widget when no remote declares it, or the manifest is not what it should be', () => {
  expect(widgetScriptUrl(manifest({}))).toBeNull();
  expect(widgetScriptUrl(manifest(undefined))).toBeNull();
  expect(widgetScriptUrl(manifest({ 'owner-widget': '../../evil.js' }))).toBeNull();
  expect(widgetScriptUrl(manifest({ 'owner-widget': 'https://evil.example/x.js' }))).toBeNull();
  expect(widgetScriptUrl(manifest({ 'owner-widget': 'owner-widget.js' }, 'javascript:alert(1)'))).toBeNull();
  expect(widgetScriptUrl(manifest({ 'owner-widget': 'owner-widget.js' }, 'not a url'))).toBeNull();
  for (const junk of [null, 'x', 42, [], { remotes: 'x' }, { remotes: [null, 1] }]) expect(widgetScriptUrl(junk)).toBeNull();
});

test('reads the manifest of its own origin without cookies and adds the widget’s script, naming the platform', async () => {
  const fetchImpl = respond(manifest({ 'owner-widget': 'owner-widget.js' }));
  await expect(loadOwnerWidget(document, 'https://rendime.example/widget/loader.js', fetchImpl)).resolves.toBe('loaded');
  expect(fetchImpl).toHaveBeenCalledWith(
    'https://rendime.example/release-manifest.json',
    expect.objectContaining({ credentials: 'omit', cache: 'no-store' }),
  );
  const scripts = document.querySelectorAll('script');
  expect(scripts).toHaveLength(1);
  expect(scripts[0].getAttribute('src')).toBe('https://cdn.rendime.example/mf-public/1.0.0+3f2a9c01d4/owner-widget.js');
  expect(scripts[0].dataset.platform).toBe('https://rendime.example');
});

test('several loader tags on one page load the widget once', async () => {
  const fetchImpl = respond(manifest({ 'owner-widget': 'owner-widget.js' }));
  await loadOwnerWidget(document, 'https://rendime.example/widget/loader.js', fetchImpl);
  await expect(loadOwnerWidget(document, 'https://rendime.example/widget/loader.js', fetchImpl)).resolves.toBe('already');
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  expect(document.querySelectorAll('script')).toHaveLength(1);
});

test('a missing embed, a failing manifest or a network error add nothing, break nothing and say nothing on the console', async () => {
  const error = jest.spyOn(console, 'error');
  const warn = jest.spyOn(console, 'warn');
  const cases: [typeof fetch, string][] = [
    [respond(manifest({})), 'no-widget'],
    [respond({}, 503), 'failed'],
    [respond('not json at all'), 'no-widget'],
    [jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch, 'failed'],
    [
      jest.fn(async () => ({
        ok: true,
        status: 200,
        json: async () => Promise.reject(new SyntaxError('Unexpected token')),
      })) as unknown as typeof fetch,
      'failed',
    ],
  ];
  for (const [fetchImpl, outcome] of cases) {
    delete (window as unknown as Record<string, unknown>)[LOADER_STARTED];
    await expect(loadOwnerWidget(document, 'https://rendime.example/widget/loader.js', fetchImpl)).resolves.toBe(outcome);
  }
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(error).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
});

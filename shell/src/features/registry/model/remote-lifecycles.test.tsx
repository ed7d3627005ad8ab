import type { ReleaseRemote } from 'shared-kernel/platform';
import type { RemoteLoadOutcome } from '../api/report-remote-load';
import { candidatesOf, resilientLifecycles, unavailableLifecycles, type Lifecycles, type RemoteCandidate } from './remote-lifecycles';

// The wrapper renders with its own React roots outside testing-library, as in the shell; plain DOM
// queries and a poll keep React's act() environment out of it.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(probe: () => T | null | undefined | false, what: string, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const remote = (over: Partial<ReleaseRemote> = {}): ReleaseRemote => ({
  name: 'mf-booking',
  scope: 'mf_booking',
  routes: ['/auth/my-rentals'],
  nav: [],
  widgets: {},
  embeds: {},
  events: {},
  devPort: 3002,
  version: '2.0.0',
  entry: 'http://remotes.test/2.0.0/mf-manifest.json',
  shared: {},
  fallbacks: [{ version: '1.0.0', entry: 'http://remotes.test/1.0.0/mf-manifest.json' }],
  ...over,
});

/** A real-looking app: mount writes a marker into the area, unmount removes it. */
function fakeApp(version: string, behaviour: { mount?: 'throws' | 'hangs' } = {}) {
  const calls = { bootstrap: 0, mount: 0, unmount: 0 };
  const lifecycles: Lifecycles = {
    bootstrap: async () => {
      calls.bootstrap += 1;
    },
    mount: async (props) => {
      calls.mount += 1;
      if (behaviour.mount === 'throws') throw new Error(`TypeError: (0 , shared_kernel.newThing) is not a function in ${version}`);
      if (behaviour.mount === 'hangs') return new Promise(() => undefined);
      const el = document.createElement('p');
      el.dataset.app = version;
      el.textContent = `app ${version}`;
      (props as { domElement: HTMLElement }).domElement.appendChild(el);
    },
    unmount: async (props) => {
      calls.unmount += 1;
      (props as { domElement: HTMLElement }).domElement.querySelectorAll(`[data-app="${version}"]`).forEach((n) => n.remove());
    },
  };
  return { lifecycles, calls };
}

let area: HTMLElement;
let reports: RemoteLoadOutcome[];
let warn: jest.SpyInstance;
beforeEach(() => {
  // What earlier tests' failures left in this browser's memory (remembered-failures.ts).
  localStorage.clear();
  area = document.createElement('div');
  document.body.appendChild(area);
  reports = [];
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  area.remove();
  warn.mockRestore();
});

const fallbackShown = () => area.querySelector('[data-testid="remote-fallback"]');
const appShown = (version: string) => area.querySelector(`[data-app="${version}"]`);

describe('resilientLifecycles', () => {
  it('resolves mount at once, shows the loader only after 333 ms, and mounts the app when it arrives', async () => {
    let arrive: (l: Lifecycles) => void = () => undefined;
    const app = fakeApp('2.0.0');
    const load = jest.fn(() => new Promise<Lifecycles>((r) => (arrive = r)));
    const lc = resilientLifecycles(remote(), load, () => area, { timeoutMs: 5_000, report: (r) => reports.push(r) });
    await lc.bootstrap({});
    const started = Date.now();
    await lc.mount({ name: 'mf-booking' });
    // single-spa is free to route on while the slice is still on its way: mount resolved although
    // the load has not answered (a wall-clock bound here failed on a loaded machine).
    expect(load).toHaveBeenCalledTimes(1);
    expect(appShown('2.0.0')).toBeNull();
    // The loader's box is there at once with the page's skeleton (issue 25: never a blank area),
    // its spinner only after the delay.
    await until(() => area.querySelector('[data-testid="remote-loading"]'), 'the loader box');
    expect(area.querySelector('[data-testid="remote-loading"] [data-testid="page-skeleton"]')).not.toBeNull();
    expect(area.textContent).not.toContain('Laadin lehte...');
    await until(() => area.textContent?.includes('Laadin lehte...'), 'the loader');
    expect(Date.now() - started).toBeGreaterThanOrEqual(330);
    arrive(app.lifecycles);
    await until(() => appShown('2.0.0'), 'the app');
    expect(area.querySelector('[data-testid="remote-loading"]')).toBeNull();
    expect(app.calls).toEqual({ bootstrap: 1, mount: 1, unmount: 0 });
    expect(load).toHaveBeenCalledWith({ version: '2.0.0', entry: 'http://remotes.test/2.0.0/mf-manifest.json' }, 0);
    // a fast, healthy load is nobody's business
    expect(reports).toEqual([]);
    await lc.unmount({ name: 'mf-booking' });
    expect(appShown('2.0.0')).toBeNull();
    expect(app.calls.unmount).toBe(1);
  });

  // Issue 25: the area was empty between the loader going and the app's first render.
  it('keeps the loader in the area until the app has mounted, then takes it away', async () => {
    let finish: () => void = () => undefined;
    const lifecycles: Lifecycles = {
      bootstrap: async () => undefined,
      mount: (props) =>
        new Promise<void>((resolve) => {
          finish = () => {
            const el = document.createElement('p');
            el.dataset.app = '2.0.0';
            (props as { domElement: HTMLElement }).domElement.appendChild(el);
            resolve();
          };
        }),
      unmount: async () => undefined,
    };
    const lc = resilientLifecycles(
      remote(),
      async () => lifecycles,
      () => area,
      { timeoutMs: 5_000 },
    );
    await lc.mount({ name: 'mf-booking' });
    // Drawn in the same task as the mount: no frame without it.
    expect(area.querySelector('[data-testid="page-skeleton"]')).not.toBeNull();
    await sleep(50);
    expect(area.querySelector('[data-testid="remote-loading"]')).not.toBeNull();
    finish();
    await until(() => !area.querySelector('[data-testid="remote-loading"]'), 'the loader to go');
    expect(appShown('2.0.0')).not.toBeNull();
  });

  // Issue 28: on a page the server painted, the loader would only be rendered under that page.
  it('shows no loader on a server-painted page, but still the fallback when every version fails', async () => {
    let arrive: (l: Lifecycles) => void = () => undefined;
    const app = fakeApp('2.0.0');
    const lc = resilientLifecycles(
      remote(),
      () => new Promise<Lifecycles>((r) => (arrive = r)),
      () => area,
      { timeoutMs: 5_000, painted: () => true },
    );
    await lc.mount({ name: 'mf-booking' });
    await sleep(400);
    expect(area.querySelector('[data-testid="remote-loading"]')).toBeNull();
    arrive(app.lifecycles);
    await until(() => appShown('2.0.0'), 'the app');
    await lc.unmount({ name: 'mf-booking' });

    const broken = resilientLifecycles(
      remote({ fallbacks: [] }),
      async () => fakeApp('2.0.0', { mount: 'throws' }).lifecycles,
      () => area,
      { timeoutMs: 5_000, painted: () => true },
    );
    await broken.mount({ name: 'mf-booking' });
    await until(() => fallbackShown(), 'the fallback');
  });

  it('gives a hung load up after the timeout, tries the previous good version, then shows the fallback and reports both', async () => {
    const load = jest.fn((_c: RemoteCandidate, _attempt: number) => new Promise<Lifecycles>(() => undefined));
    const lc = resilientLifecycles(remote(), load, () => area, { timeoutMs: 80, report: (r) => reports.push(r) });
    await lc.mount({ name: 'mf-booking' });
    await until(fallbackShown, 'the fallback');
    expect(load.mock.calls.map(([c]) => c.version)).toEqual(['2.0.0', '1.0.0']);
    expect(area.textContent).toContain('See osa lehest ei ole praegu saadaval');
    expect(area.textContent).not.toContain('no answer');
    expect(reports).toEqual([
      expect.objectContaining({
        remote: 'mf-booking',
        version: '2.0.0',
        outcome: 'timeout',
        servedVersion: null,
        message: 'mf-booking@2.0.0: no answer in 80 ms',
      }),
      expect.objectContaining({ remote: 'mf-booking', version: '1.0.0', outcome: 'timeout', servedVersion: null }),
    ]);
    expect(reports[0].durationMs).toBeGreaterThanOrEqual(70);
    await lc.unmount({ name: 'mf-booking' });
    expect(fallbackShown()).toBeNull();
  });

  it('serves the previous good version when the new one fails to mount, and reports the failure with the served version', async () => {
    const broken = fakeApp('2.0.0', { mount: 'throws' });
    const good = fakeApp('1.0.0');
    const load = jest.fn(async (c: RemoteCandidate) => (c.version === '2.0.0' ? broken.lifecycles : good.lifecycles));
    const lc = resilientLifecycles(remote(), load, () => area, { timeoutMs: 1_000, report: (r) => reports.push(r) });
    await lc.mount({ name: 'mf-booking' });
    await until(() => appShown('1.0.0'), 'the previous good version');
    expect(fallbackShown()).toBeNull();
    // the raw error is for the report and the console, never the page
    expect(area.textContent).not.toContain('TypeError');
    expect(reports).toEqual([
      {
        remote: 'mf-booking',
        version: '2.0.0',
        outcome: 'mount',
        servedVersion: '1.0.0',
        durationMs: expect.any(Number),
        message: 'TypeError: (0 , shared_kernel.newThing) is not a function in 2.0.0',
      },
    ]);
    expect(warn).toHaveBeenCalledWith('[shell] mf-booking@2.0.0 failed to mount', expect.any(Error));

    // Later visits in this page go straight to the version that worked.
    await lc.unmount({ name: 'mf-booking' });
    expect(appShown('1.0.0')).toBeNull();
    await lc.mount({ name: 'mf-booking' });
    await until(() => appShown('1.0.0'), 'the good version again');
    expect(load).toHaveBeenCalledTimes(2);
    expect(broken.calls.mount).toBe(1);
    expect(good.calls).toEqual({ bootstrap: 1, mount: 2, unmount: 1 });
    await lc.unmount({ name: 'mf-booking' });
  });

  it('ignores a load that arrives after the area was left, and uses it on the next visit', async () => {
    let arrive: (l: Lifecycles) => void = () => undefined;
    const app = fakeApp('2.0.0');
    const load = jest.fn(() => new Promise<Lifecycles>((r) => (arrive = r)));
    const lc = resilientLifecycles(remote(), load, () => area, { timeoutMs: 2_000, report: (r) => reports.push(r) });
    await lc.mount({ name: 'mf-booking' });
    await lc.unmount({ name: 'mf-booking' });
    expect(area.querySelector('[data-testid="remote-loading"]')).toBeNull();
    arrive(app.lifecycles);
    await sleep(50);
    expect(app.calls.mount).toBe(0);
    expect(area.childElementCount).toBe(0);
    await lc.mount({ name: 'mf-booking' });
    await until(() => appShown('2.0.0'), 'the app on the next visit');
    expect(load).toHaveBeenCalledTimes(1);
    await lc.unmount({ name: 'mf-booking' });
    expect(reports).toEqual([]);
  });

  it('takes back a mount that hangs past the timeout and falls back; retry loads the live version afresh', async () => {
    const hanging = fakeApp('2.0.0', { mount: 'hangs' });
    const good = fakeApp('2.0.0');
    let attempts = 0;
    const load = jest.fn(async (c: RemoteCandidate, attempt: number) => {
      attempts = attempt;
      return attempt === 0 ? hanging.lifecycles : good.lifecycles;
    });
    const lc = resilientLifecycles(remote({ fallbacks: [] }), load, () => area, { timeoutMs: 60, report: (r) => reports.push(r) });
    await lc.mount({ name: 'mf-booking' });
    const fallback = await until(fallbackShown, 'the fallback');
    expect(reports).toEqual([expect.objectContaining({ version: '2.0.0', outcome: 'timeout', servedVersion: null })]);
    fallback.querySelector('button')?.click();
    await until(() => appShown('2.0.0'), 'the app after retry');
    expect(attempts).toBe(1);
    expect(fallbackShown()).toBeNull();
    await lc.unmount({ name: 'mf-booking' });
  });

  it('remembers a version that hung: the next page load in this browser goes straight to the previous good one', async () => {
    const good = fakeApp('1.0.0');
    const load = jest.fn((c: RemoteCandidate) =>
      c.version === '2.0.0' ? new Promise<Lifecycles>(() => undefined) : Promise.resolve(good.lifecycles),
    );
    const first = resilientLifecycles(remote(), load, () => area, { timeoutMs: 80, report: (r) => reports.push(r) });
    await first.mount({ name: 'mf-booking' });
    await until(() => appShown('1.0.0'), 'the previous good version after the timeout');
    await first.unmount({ name: 'mf-booking' });

    // A new page load in the same browser (new lifecycles): no wait for the hung version.
    load.mockClear();
    const started = Date.now();
    // A long timeout this time: waiting for the hung version would show in the time taken, whatever the machine's load.
    const next = resilientLifecycles(remote(), load, () => area, { timeoutMs: 2000, report: (r) => reports.push(r) });
    await next.mount({ name: 'mf-booking' });
    await until(() => appShown('1.0.0'), 'the previous good version at once');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(load.mock.calls.map(([c]) => c.version)).toEqual(['1.0.0']);
    await next.unmount({ name: 'mf-booking' });

    // A new release (another entry) is not affected by what the old one did.
    const released = resilientLifecycles(
      remote({ version: '3.0.0', entry: 'http://remotes.test/3.0.0/mf-manifest.json' }),
      load,
      () => area,
      { timeoutMs: 80 },
    );
    load.mockClear();
    await released.mount({ name: 'mf-booking' });
    await until(() => appShown('1.0.0'), 'the next version loaded');
    expect(load.mock.calls[0][0].version).toBe('3.0.0');
    await released.unmount({ name: 'mf-booking' });
  });

  it('reports a successful but slow load as a timing', async () => {
    const app = fakeApp('2.0.0');
    let t = 0;
    const lc = resilientLifecycles(
      remote(),
      async () => {
        t += 4_000;
        return app.lifecycles;
      },
      () => area,
      { timeoutMs: 1_000, report: (r) => reports.push(r), now: () => t },
    );
    await lc.mount({ name: 'mf-booking' });
    await until(() => appShown('2.0.0'), 'the app');
    expect(reports).toEqual([
      { remote: 'mf-booking', version: '2.0.0', outcome: 'ok', servedVersion: '2.0.0', durationMs: 4_000, message: '' },
    ]);
    await lc.unmount({ name: 'mf-booking' });
  });

  it('reports a fast good mount of a canary version, and says nothing for the same mount outside a canary', async () => {
    const app = fakeApp('2.0.0');
    const canary = resilientLifecycles(
      { ...remote(), canary: true },
      async () => app.lifecycles,
      () => area,
      { timeoutMs: 1_000, report: (r) => reports.push(r), now: () => 0 },
    );
    await canary.mount({ name: 'mf-booking' });
    await until(() => appShown('2.0.0'), 'the canary');
    expect(reports).toEqual([
      { remote: 'mf-booking', version: '2.0.0', outcome: 'ok', servedVersion: '2.0.0', durationMs: 0, message: '' },
    ]);
    await canary.unmount({ name: 'mf-booking' });

    reports.length = 0;
    const stable = resilientLifecycles(
      remote(),
      async () => app.lifecycles,
      () => area,
      { timeoutMs: 1_000, report: (r) => reports.push(r), now: () => 0 },
    );
    await stable.mount({ name: 'mf-booking' });
    await until(() => appShown('2.0.0'), 'the stable version');
    expect(reports).toEqual([]);
    await stable.unmount({ name: 'mf-booking' });
  });

  it('counts a load as slow only past half a long timeout (a patient platform reports less)', async () => {
    const app = fakeApp('2.0.0');
    let t = 0;
    const lc = resilientLifecycles(
      remote(),
      async () => {
        t += 4_000;
        return app.lifecycles;
      },
      () => area,
      { timeoutMs: 20_000, report: (r) => reports.push(r), now: () => t },
    );
    await lc.mount({ name: 'mf-booking' });
    await until(() => appShown('2.0.0'), 'the app');
    expect(reports).toEqual([]);
    await lc.unmount({ name: 'mf-booking' });
  });

  it('lists each version once, the live one first', () => {
    expect(
      candidatesOf(
        remote({
          fallbacks: [
            { version: '2.0.0', entry: 'http://remotes.test/2.0.0/mf-manifest.json' },
            { version: '1.0.0', entry: 'http://remotes.test/1.0.0/mf-manifest.json' },
          ],
        }),
      ).map((c) => c.version),
    ).toEqual(['2.0.0', '1.0.0']);
  });
});

describe('unavailableLifecycles', () => {
  it('shows the fallback for a refused slice and reloads on retry', async () => {
    const reload = jest.fn();
    const lc = unavailableLifecycles('mf-booking', () => area, reload);
    await lc.mount({});
    const fallback = await until(fallbackShown, 'the fallback');
    fallback.querySelector('button')?.click();
    await until(() => reload.mock.calls.length > 0, 'the reload');
    await lc.unmount({});
    expect(area.childElementCount).toBe(0);
  });
});

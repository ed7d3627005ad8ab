// The publish gate's smoke mount (ADR 0019): the candidate build is served from a temporary
// registry, next to the live versions of the other remotes (each from a temporary server reading
// the real registry), under a temporary shell server with the live manifest plus the candidate.
// Headless chromium loads the shell and mounts the candidate's `./app`; any page error, console
// error, shell fallback or slice error boundary refuses it. Nothing of production is touched.
/* global document -- the functions passed to page.waitForFunction and page.evaluate run in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryUrl, manifestEntry } from './registry.mjs';
import { repairPrecompressed } from './precompressed.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const portOf = (/** @type {import('fastify').FastifyInstance} */ app) =>
  /** @type {import('node:net').AddressInfo} */ (app.server.address()).port;

/**
 * A route of the candidate that renders without a session and without a parameter, if any.
 * @param {string[]} routes
 */
export function publicRouteOf(routes) {
  return routes.find((r) => !r.startsWith('/auth') && !r.includes(':') && !r.includes('*')) ?? null;
}

/**
 * The routes mounted signed in (ADR 0039): every `/auth` route without a parameter (a parameter
 * needs a record of the test user's; the slice's code behind it is mostly the same), and the public
 * route the anonymous pass used, since a header or a page may render differently for a user.
 * @param {string[]} routes
 */
export function signedInRoutesOf(routes) {
  const auth = routes.filter((r) => r.startsWith('/auth') && !r.includes(':') && !r.includes('*'));
  const pub = publicRouteOf(routes);
  return pub ? [pub, ...auth] : auth;
}

/**
 * Waits until the shell mounted the slice on the page, showed its fallback, or the slice's error
 * boundary caught something (its text is the error the user would see).
 * @param {import('playwright-core').Page} page @param {string} name @param {number} timeoutMs
 * @returns {Promise<{ outcome: 'mounted' | 'fallback' | 'slice-error' | 'timeout', text: string }>}
 */
async function mountOutcome(page, name, timeoutMs) {
  return (
    page
      .waitForFunction(
        (remote) => {
          if (document.querySelector(`[data-testid="remote-fallback"][data-remote-name="${remote}"]`))
            return { outcome: 'fallback', text: '' };
          const caught = document.querySelector(`[data-remote="${remote}"] [data-testid="slice-error"]`);
          if (caught) return { outcome: 'slice-error', text: (caught.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) };
          return document.querySelector(`[data-remote="${remote}"]`) ? { outcome: 'mounted', text: '' } : false;
        },
        name,
        { timeout: timeoutMs, polling: 100 },
      )
      // The function resolves only with an outcome (false keeps it polling).
      .then((h) => /** @type {Promise<{ outcome: 'mounted' | 'fallback' | 'slice-error', text: string }>} */ (h.jsonValue()))
      .catch(() => ({ outcome: /** @type {const} */ ('timeout'), text: '' }))
  );
}

/**
 * @param {object} o
 * @param {string} o.registryDir the live registry (read only)
 * @param {string} o.buildDir the candidate build
 * @param {any} o.descriptor the candidate's descriptor
 * @param {string} o.version the candidate's registry version
 * @param {any} o.manifest the live manifest
 * @param {string} o.shellDist the live shell's build
 * @param {string} [o.chromiumPath]
 * @param {number} [o.timeoutMs] how long the mount may take (default 60 s: CI machines are busy)
 * @param {number} [o.settleMs] how long to keep watching for late errors after the mount
 * @param {{ apiUrl: string, username: string, password: string } | false} [o.signedIn] the sandbox API
 *   and test user the signed-in routes are mounted with (ADR 0039); false: the anonymous pass only
 * @returns {Promise<{ ok: boolean, problems: string[], mode: 'route' | 'direct', path: string, signedInRoutes: string[] }>}
 */
export async function smokeMount({
  registryDir,
  buildDir,
  descriptor,
  version,
  manifest,
  shellDist,
  chromiumPath,
  timeoutMs = 60_000,
  settleMs = 1_500,
  signedIn = false,
}) {
  if (!shellDist || !fs.existsSync(path.join(shellDist, 'index.html'))) {
    return { ok: false, problems: [`no shell build in ${shellDist} to mount against`], mode: 'route', path: '', signedInRoutes: [] };
  }
  // Loaded here, not at the top: the route choice above is used (and unit tested) without them.
  const { chromium } = await import('playwright-core');
  const { startRemoteServer, startShellServer } = await import('./servers.mjs');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-smoke-'));
  /** @type {{ close: () => Promise<unknown> }[]} */
  const servers = [];
  let browser;
  const problems = [];
  /** @type {string[]} */
  const signedInRoutes = [];
  const route = publicRouteOf(descriptor.routes ?? []);
  const mode = route ? 'route' : 'direct';
  const pagePath = route ?? '/public';
  try {
    const candidateRegistry = path.join(tmp, 'candidate');
    fs.cpSync(buildDir, path.join(candidateRegistry, descriptor.name, version), { recursive: true });
    // Served as the registry will store it: precompressed copies made the build's files again.
    repairPrecompressed(path.join(candidateRegistry, descriptor.name, version));
    const candidateServer = await startRemoteServer({ name: descriptor.name, registryDir: candidateRegistry, port: 0 });
    servers.push(candidateServer);
    // No fallbacks: the shell must show the candidate's own failure, not hide it behind the live version.
    const candidateEntry = manifestEntry(descriptor, version, entryUrl(`http://127.0.0.1:${portOf(candidateServer)}`, version), []);
    // The other live remotes from their stored folders, on temporary origins (the live ones may not run here).
    // A slice mounted directly gets a manifest of its own: at /public the shell then mounts nothing
    // else, so another slice's slowness or errors cannot be blamed on the candidate.
    const others = [];
    for (const r of mode === 'route' ? (manifest.remotes ?? []) : []) {
      if (r.name === descriptor.name) continue;
      if (!fs.existsSync(path.join(registryDir, r.name, r.version, 'mf-manifest.json'))) {
        others.push(r); // an override (a dev server): left as it is
        continue;
      }
      const server = await startRemoteServer({ name: r.name, registryDir, port: 0 });
      servers.push(server);
      others.push({ ...r, entry: entryUrl(`http://127.0.0.1:${portOf(server)}`, r.version), fallbacks: [] });
    }
    const shellRegistry = path.join(tmp, 'shell');
    fs.mkdirSync(shellRegistry, { recursive: true });
    fs.writeFileSync(
      path.join(shellRegistry, 'release-manifest.json'),
      JSON.stringify(
        {
          release: `smoke-${manifest.release}`,
          createdAt: new Date().toISOString(),
          // The browser mount only: this shell's registry holds no server entries (the candidate's
          // had its own smoke render), so none is named that it would report missing.
          remotes: [...others, candidateEntry].map(({ serverEntry: _entry, serverRoutes: _routes, ...entry }) => entry),
        },
        null,
        2,
      ),
    );
    // The anonymous pass answers the page's /api calls in the browser (below); the signed-in pass
    // goes through the shell's proxy to the sandbox API (without one, the target is a closed port).
    const shell = await startShellServer({
      shellDist,
      registryDir: shellRegistry,
      port: 0,
      apiPort: 9,
      ...(signedIn ? { apiUpstreams: [signedIn.apiUrl] } : {}),
    });
    servers.push(shell);
    const base = `http://127.0.0.1:${portOf(shell)}`;

    browser = await chromium.launch({
      executablePath: chromiumPath || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const page = await browser.newPage({ locale: 'et-EE' });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // The shell says why it fell back (remote-lifecycles: '[shell] <name>@<version> failed to mount', the error): the reason quotes it.
    let shellSaid = '';
    const shellWarning = (/** @type {import('playwright-core').ConsoleMessage} */ msg) => {
      if (msg.type() === 'warning' && msg.text().startsWith(`[shell] ${descriptor.name}`))
        shellSaid = msg.text().replace(/\s+/g, ' ').trim().slice(0, 300);
    };
    const why = () => (shellSaid ? `: ${shellSaid}` : '');
    page.on('console', (msg) => {
      shellWarning(msg);
      if (msg.type() !== 'error') return;
      // The smoke page has no API: its answers are stubbed and say so; a failed /api load is not the slice's fault.
      if ((msg.location()?.url ?? '').includes('/api/')) return;
      // single-spa's "lifecycle did not resolve within N ms" note (error #31): a busy machine, not a
      // broken slice; a mount that never finishes fails the wait below.
      if (/single-spa minified message #31\b/.test(msg.text())) return;
      problems.push(`console error: ${msg.text().split('\n')[0].slice(0, 300)}`);
    });
    // Anonymous visitor, no data: the slice must mount with empty or failed data calls.
    await page.route('**/api/**', (r) => {
      const url = new URL(r.request().url());
      if (url.pathname === '/api/users/session') return r.fulfill({ status: 200, contentType: 'application/json', body: 'null' });
      return r.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'SMOKE', message: 'no API in the smoke mount', codes: ['SMOKE'] }),
      });
    });
    let candidateLoaded = false;
    page.on('response', (res) => {
      if (res.url().startsWith(candidateEntry.entry.replace(/mf-manifest\.json$/, '')) && res.ok()) candidateLoaded = true;
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'load', timeout: timeoutMs });

    if (mode === 'route') {
      // Mounted through the shell, as a visitor gets it: the slice's root appears, or the shell's fallback does.
      const { outcome, text } = await mountOutcome(page, descriptor.name, timeoutMs);
      if (outcome === 'fallback') problems.push(`${pagePath}: the shell showed its fallback (the remote failed to load or mount)${why()}`);
      if (outcome === 'slice-error') problems.push(`${pagePath}: the slice's error boundary caught an error${text ? ` ("${text}")` : ''}`);
      if (outcome === 'timeout') problems.push(`${pagePath}: ${descriptor.name} did not mount within ${timeoutMs} ms`);
    } else {
      // Only signed-in pages: the shell would send an anonymous visitor to sign in, so `./app`
      // is loaded through the shell's own federation runtime and mounted into a detached element.
      await page.waitForFunction(() => Boolean(/** @type {any} */ (globalThis).__RENDIME_RELEASE__), undefined, { timeout: timeoutMs });
      const outcome = await page.evaluate(
        async ({ scope, name }) => {
          const g = /** @type {any} */ (globalThis);
          const instance = (g.__FEDERATION__?.__INSTANCES__ ?? []).find((/** @type {any} */ i) =>
            i?.options?.remotes?.some((/** @type {{ name: string }} */ r) => r.name === scope),
          );
          if (!instance) return { ok: false, message: 'the shell has no federation runtime with the candidate registered' };
          try {
            const app = await instance.loadRemote(`${scope}/app`);
            if (!app || typeof app.mount !== 'function') return { ok: false, message: './app exports no single-spa lifecycles' };
            const domElement = document.createElement('div');
            const props = { name, domElement, singleSpa: {}, mountParcel: () => undefined };
            await app.bootstrap(props);
            await app.mount(props);
            await new Promise((r) => setTimeout(r, 300));
            if (domElement.querySelector('[data-testid="slice-error"]'))
              return { ok: false, message: "the slice's error boundary caught an error" };
            if (!domElement.querySelector(`[data-remote="${name}"]`)) return { ok: false, message: 'mount rendered nothing' };
            await app.unmount(props);
            return { ok: true, message: '' };
          } catch (e) {
            return { ok: false, message: `mount threw: ${e instanceof Error ? e.message : String(e)}` };
          }
        },
        { scope: descriptor.scope, name: descriptor.name },
      );
      if (!outcome.ok) problems.push(outcome.message);
    }
    await page.waitForTimeout(settleMs);
    await page.close();

    // Signed in: a build that throws only for a user (issue 27) passed the anonymous pass. A fresh
    // context signs in against the sandbox API through the shell, as the sign-in page does, and
    // each signed-in route is opened through the shell; a reason names the route and the error.
    for (const route of signedIn ? signedInRoutesOf(descriptor.routes ?? []) : []) signedInRoutes.push(route);
    if (signedIn && signedInRoutes.length) {
      const context = await browser.newContext({ locale: 'et-EE' });
      const who = `signed in as ${signedIn.username}`;
      let at = '';
      const userPage = await context.newPage();
      userPage.on('pageerror', (e) => problems.push(`${who}, ${at}: page error: ${e.message.split('\n')[0].slice(0, 300)}`));
      userPage.on('console', (msg) => {
        shellWarning(msg);
        if (msg.type() !== 'error') return;
        if ((msg.location()?.url ?? '').includes('/api/')) return;
        if (/single-spa minified message #31\b/.test(msg.text())) return;
        // A failed data call is the sandbox's answer (a 404 for a record the test user lacks), not the slice's fault.
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) return;
        // The sandbox API writes its own public site into the links it answers with (a bank link's
        // `/api/sandbox/...` URL); on this temporary shell's origin the page's CSP blocks them. In
        // production the API's site is the shell's origin, so that is the smoke setup's, not the slice's.
        if (
          /Content Security Policy/.test(msg.text()) &&
          /(Connecting to|Fetch API cannot load) '?https?:\/\/[^\s'/]+\/api\//.test(msg.text())
        )
          return;
        problems.push(`${who}, ${at}: console error: ${msg.text().split('\n')[0].slice(0, 300)}`);
      });
      userPage.on('response', (res) => {
        if (res.url().startsWith(candidateEntry.entry.replace(/mf-manifest\.json$/, '')) && res.ok()) candidateLoaded = true;
      });
      const signIn = await context.request.post(`${base}/api/login`, {
        data: { username: signedIn.username, password: signedIn.password },
        failOnStatusCode: false,
        timeout: timeoutMs,
      });
      if (!signIn.ok()) {
        problems.push(
          `sign-in as ${signedIn.username} at the sandbox API ${signedIn.apiUrl} failed (HTTP ${signIn.status()}): the signed-in routes were not tested`,
        );
      } else {
        for (const route of signedInRoutes) {
          at = route;
          shellSaid = '';
          await userPage.goto(`${base}${route}`, { waitUntil: 'load', timeout: timeoutMs });
          const { outcome, text } = await mountOutcome(userPage, descriptor.name, timeoutMs);
          if (outcome === 'fallback')
            problems.push(`${who}, ${route}: the shell showed its fallback (the remote failed to load or mount)${why()}`);
          if (outcome === 'slice-error')
            problems.push(`${who}, ${route}: the slice's error boundary caught an error${text ? ` ("${text}")` : ''}`);
          if (outcome === 'timeout')
            problems.push(
              `${who}, ${route}: ${descriptor.name} did not mount within ${timeoutMs} ms (the shell sent the page to ${new URL(userPage.url()).pathname})`,
            );
          await userPage.waitForTimeout(Math.min(settleMs, 800));
        }
      }
      await context.close();
    }
    if (!candidateLoaded) problems.push(`the page never loaded ${descriptor.name}@${version} (nothing was tested)`);
  } catch (e) {
    problems.push(`the smoke mount could not run: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
  } finally {
    await browser?.close().catch(() => undefined);
    for (const s of servers.reverse()) await s.close().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return { ok: problems.length === 0, problems: [...new Set(problems)], mode, path: pagePath, signedInRoutes };
}

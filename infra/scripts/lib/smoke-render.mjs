// The gate's smoke render of a build's server entry (issue 28, ADR 0041 and 0039): the browser
// build is smoke-mounted in chromium; the Node container the shell's server would load
// (`server/remoteEntry.js`) is loaded in a fresh Node process and asked to render its sample pages
// (`warm()`, no API) within a budget. A container that cannot load, exports no render, throws,
// hangs or renders no page is refused before it is stored, so a live shell never meets it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** How long the fresh process may take to load the container and render its samples (first renders compile React). */
export const SMOKE_RENDER_BUDGET_MS = Number(process.env.RENDIME_SMOKE_RENDER_BUDGET_MS) || 20_000;

/** The build's server entry, or null when the build renders nothing on the server. */
export function buildServerEntry(buildDir) {
  const file = path.resolve(buildDir, 'server', 'remoteEntry.js');
  return fs.existsSync(file) ? file : null;
}

// Runs in the fresh process: the shell's server's way of loading (server-render.mjs), then warm().
// It prints one line, `SMOKE {json}`, and exits.
const CHILD = `
const file = process.argv[1];
const say = (o) => { process.stdout.write('SMOKE ' + JSON.stringify(o) + '\\n'); process.exit(0); };
const fail = (what, e) => say({ ok: false, problem: what + ': ' + String(e && e.message ? e.message : e).split('\\n')[0].slice(0, 300) });
process.on('unhandledRejection', (e) => fail('left an unhandled rejection', e));
(async () => {
  let mod;
  try {
    const exported = require(file);
    const container = typeof exported?.init === 'function' ? exported : Object.values(exported ?? {}).find((v) => typeof v?.init === 'function');
    if (!container) return say({ ok: false, problem: 'is not a federation container (no init and get)' });
    await container.init({});
    mod = (await container.get('./server'))();
  } catch (e) { return fail('does not load', e); }
  if (typeof mod?.render !== 'function' || !Array.isArray(mod?.routes)) return say({ ok: false, problem: 'has no render and routes in its ./server' });
  if (typeof mod.warm !== 'function') return say({ ok: false, problem: 'has no warm() in its ./server: the sample render the shell warms it with and the gate smoke-renders' });
  let page;
  try { page = await mod.warm(); } catch (e) { return fail('throws in its sample render', e); }
  if (!page || page.status !== 200 || typeof page.html !== 'string' || page.html.length === 0 || typeof page.head !== 'string')
    return say({ ok: false, problem: 'gave no page in its sample render (status ' + (page && page.status) + ')' });
  say({ ok: true, routes: mod.routes, bytes: page.html.length });
})();
`;

/**
 * Smoke-renders a build's server entry; `{ ok: true }` when the build has none.
 * @param {string} buildDir
 * @param {{ budgetMs?: number }} [o]
 * @returns {Promise<{ ok: boolean, problems: string[], routes?: string[] }>}
 */
export function smokeRender(buildDir, { budgetMs = SMOKE_RENDER_BUDGET_MS } = {}) {
  const file = buildServerEntry(buildDir);
  if (!file) return Promise.resolve({ ok: true, problems: [] });
  const refused = (problem) => ({ ok: false, problems: [`server/remoteEntry.js ${problem}`] });
  return new Promise((resolve) => {
    // A fresh process: nothing the container does (globals, a loop, a crash) reaches the gate.
    const child = spawn(process.execPath, ['-e', CHILD, file], { cwd: path.dirname(file), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c.toString()));
    child.stderr.on('data', (c) => (err = (err + c.toString()).slice(-2000)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(refused(`gave no sample render within ${budgetMs} ms`));
    }, budgetMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = /^SMOKE (.*)$/m.exec(out)?.[1];
      if (!line) {
        const last = err.trim().split('\n').pop() ?? '';
        return resolve(refused(`stopped the process (exit ${code})${last ? `: ${last.slice(0, 300)}` : ''}`));
      }
      const result = JSON.parse(line);
      resolve(result.ok ? { ok: true, problems: [], routes: result.routes } : refused(result.problem));
    });
  });
}

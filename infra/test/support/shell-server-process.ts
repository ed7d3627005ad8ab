// The real shell server in its own node process: its ESM-only dependencies do not load under jest.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../..');

export interface ShellServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  /** What the server wrote to stderr so far (only kept with `quiet`). */
  stderr(): string;
  /** The listening server's own timeouts, as Node holds them. */
  serverTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  stop(): void;
}

/** Starts `startShellServer` on a free port over `dist` and `registryDir`; the API port is a dead one. */
export async function startShellServerProcess(
  dist: string,
  registryDir: string,
  runtimeConfig: Record<string, unknown> = {},
  options: {
    timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number; checkIntervalMs: number };
    /** The API the /api proxy forwards to (default: a dead port). */
    apiPort?: number;
    /** Release health settings and the session secret (ADR 0040). */
    health?: { secret?: string; settings?: Record<string, number> };
    serverRenderBudgetMs?: number;
    publicOrigin?: string;
  } = {},
  { quiet = false }: { quiet?: boolean } = {},
): Promise<ShellServerProcess> {
  const serve = `
import { startShellServer } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/servers.mjs'))};
const [dist, registryDir, runtimeConfig, options] = process.argv.slice(1);
const app = await startShellServer({ shellDist: dist, registryDir, port: 0, apiPort: 9, runtimeConfig: JSON.parse(runtimeConfig), ...JSON.parse(options) });
const s = app.server;
console.log('TIMEOUTS ' + JSON.stringify({ headersMs: s.headersTimeout, requestMs: s.requestTimeout, keepAliveMs: s.keepAliveTimeout }));
console.log('PORT ' + s.address().port);
`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', serve, dist, registryDir, JSON.stringify(runtimeConfig), JSON.stringify(options)],
    {
      cwd: path.join(repoRoot, 'infra'),
      // quiet: a test that makes the server complain reads the complaint instead of printing it.
      stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  let printed = '';
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const out = printed;
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`shell server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    serverTimeouts: JSON.parse(/TIMEOUTS (.*)/.exec(printed)![1]) as ShellServerProcess['serverTimeouts'],
    stderr: () => errors,
    stop: () => void child.kill(),
  };
}

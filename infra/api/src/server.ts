import { buildApp } from './app';
import { demoUsers } from './demo/demo-users';
import { configFromEnv, readEnv, unsafeStartReasons } from './env';
import { closeHealthServer, startHealthServer } from './services/health';
import { shutDown } from './services/lifecycle';

async function main(): Promise<void> {
  const env = readEnv();
  const unsafe = unsafeStartReasons(env);
  if (unsafe.length > 0) {
    console.error(
      `Rendime API refuses to start:\n${unsafe.map((r) => `  - ${r}`).join('\n')}\n(\`npm start\` runs the local platform with its sandboxes.)`,
    );
    process.exit(1);
  }
  const config = configFromEnv(env);
  const app = await buildApp({ config, logger: { level: env.LOG_LEVEL } });
  let healthServer: Awaited<ReturnType<typeof startHealthServer>> | undefined;
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // SIGTERM is an orchestrator's stop: drain first so no visitor sees it. Ctrl-C stops at once.
    const delayMs = signal === 'SIGTERM' ? env.SHUTDOWN_DELAY_MS : 0;
    app.log.info({ signal, delayMs }, 'shutting down');
    const finished = await shutDown(app, { delayMs, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
    if (!finished) app.log.warn('requests still running at the shutdown timeout');
    if (healthServer) await closeHealthServer(healthServer);
    process.exit(finished ? 0 : 1);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  // A backlog deeper than Node's 511: a burst of visitors must not leave the kernel dropping connections.
  await app.listen({ port: env.PORT, host: env.HOST, backlog: 4096 });
  if (env.HEALTH_PORT !== undefined)
    healthServer = await startHealthServer(app, { port: env.HEALTH_PORT, host: env.HOST, timeouts: config.serverTimeouts });
  app.log.info(
    `Rendime API on http://${env.HOST}:${env.PORT} (${app.database.kind}${env.DATABASE_URL ? '' : `, data in ${config.dataDir}`})`,
  );
  if (config.seedDemoData) {
    app.log.info(`Demo sign-ins: ${demoUsers.map((u) => `${u.email} / ${u.password}`).join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

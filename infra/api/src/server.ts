import { buildApp } from './app';
import { demoUsers } from './demo/demo-users';
import { configFromEnv, readEnv } from './env';

async function main(): Promise<void> {
  const env = readEnv();
  const config = configFromEnv(env);
  const app = await buildApp({ config, logger: { level: env.LOG_LEVEL } });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Rendime API on http://${env.HOST}:${env.PORT} (${app.database.kind}${env.DATABASE_URL ? '' : `, data in ${config.dataDir}`})`);
  if (config.seedDemoData) {
    app.log.info(`Demo sign-ins: ${demoUsers.map((u) => `${u.email} / ${u.password}`).join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

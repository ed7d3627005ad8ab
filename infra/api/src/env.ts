import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, resolveConfig, type AppConfig } from './config';

// The only place that reads process.env.
const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  PUBLIC_SITE_URL: z.string().url().default('http://localhost:3000'),
  FILES_PUBLIC_PATH: z.string().startsWith('/').default('/api/files'),
  ALLOWED_ORIGINS: csv.default(['http://localhost:3000']),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  SANDBOX_SERVICES: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** The browser journeys' clock control (POST /sandbox/clock); only with sandbox services. */
  TEST_CLOCK: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  IDENTITY_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  PAYMENT_PROVIDER_URL: z.string().url().optional(),
  PAYMENT_PROVIDER_ACCESS_KEY: z.string().optional(),
  PAYMENT_PROVIDER_SECRET: z.string().optional(),
  API_PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

export function configFromEnv(env: Env): AppConfig {
  return resolveConfig({
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicSiteUrl: env.PUBLIC_SITE_URL,
    filesPublicPath: env.FILES_PUBLIC_PATH,
    allowedOrigins: env.ALLOWED_ORIGINS,
    cookieSecure: env.COOKIE_SECURE,
    seedDemoData: env.SEED_DEMO_DATA,
    identitySandboxDelayMs: env.IDENTITY_SANDBOX_DELAY_MS,
    sandboxServices: env.SANDBOX_SERVICES,
    testClock: env.TEST_CLOCK,
    apiPublicUrl: env.API_PUBLIC_URL,
    // The API's own listening address: the sandbox bank delivers its webhook there over HTTP.
    apiInternalUrl: `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${env.PORT}`,
    paymentProvider: { url: env.PAYMENT_PROVIDER_URL, accessKey: env.PAYMENT_PROVIDER_ACCESS_KEY, secret: env.PAYMENT_PROVIDER_SECRET },
  });
}

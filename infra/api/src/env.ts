import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, isLoopbackUrl, resolveConfig, type AppConfig } from './config';
import { identitySettingsFromEnv, identityStartReasons } from './services/identity/settings';

// The only place that reads process.env.
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** The health checks' own port (the Kubernetes probes); unset: only /health* on PORT. */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  FILES_PUBLIC_PATH: z.string().startsWith('/').default('/api/files'),
  ALLOWED_ORIGINS: csv.default(['http://localhost:3000']),
  NODE_ENV: z.string().default('production'),
  // Every default is the production one; the dev runner (infra/scripts) and the tests opt out.
  COOKIE_SECURE: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').optional(),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  SANDBOX_SERVICES: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  TRUSTED_PROXIES: csv.default(['127.0.0.1', '::1', '::ffff:127.0.0.1']),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** The browser journeys' clock control (POST /sandbox/clock); only with sandbox services. */
  TEST_CLOCK: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  IDENTITY_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  PAYMENT_PROVIDER_URL: z.url().optional(),
  PAYMENT_PROVIDER_ACCESS_KEY: z.string().optional(),
  PAYMENT_PROVIDER_SECRET: z.string().optional(),
  API_PUBLIC_URL: z.url().optional(),
  /** Names this replica in the X-Api-Instance answer header (issue 14); letters, digits, dot, dash. */
  API_INSTANCE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,63}$/).optional(),
  /**
   * Graceful shutdown (SIGTERM): how long the replica keeps serving after readiness turned 503, and
   * how long it then waits for requests in flight. Kubernetes' preStop sleep and grace period
   * (infra/deploy/k8s) are set to match.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // ---- Identity providers: Smart-ID RP API v3 and Mobile-ID REST (issue 30, ADR 0033) ----
  // Trust anchors: PEM text or comma-separated PEM file paths (the issuing CAs of the person certificates).
  SMART_ID_URL: z.url().optional(),
  SMART_ID_RP_UUID: z.string().regex(UUID, 'SMART_ID_RP_UUID must be a UUID').optional(),
  SMART_ID_RP_NAME: z.string().max(32).optional(),
  SMART_ID_TRUST_ANCHORS: z.string().optional(),
  /** 'smart-id-demo' against SK's demo environment (part of the signed ACSP_V2 payload). */
  SMART_ID_SCHEME_NAME: z.enum(['smart-id', 'smart-id-demo']).default('smart-id'),
  /** Policy OIDs the certificate must carry; default: the qualified Smart-ID ones. */
  SMART_ID_CERT_POLICIES: csv.optional(),
  SMART_ID_POLL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(1_000),
  MOBILE_ID_URL: z.url().optional(),
  MOBILE_ID_RP_UUID: z.string().regex(UUID, 'MOBILE_ID_RP_UUID must be a UUID').optional(),
  MOBILE_ID_RP_NAME: z.string().max(100).optional(),
  MOBILE_ID_TRUST_ANCHORS: z.string().optional(),
  MOBILE_ID_CERT_POLICIES: csv.optional(),
  MOBILE_ID_POLL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(1_000),
  IDENTITY_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  // ---- end of identity providers ----
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
    cookieSecret: env.COOKIE_SECRET,
    trustedProxies: env.TRUSTED_PROXIES,
    googleClientId: env.GOOGLE_CLIENT_ID,
    testClock: env.TEST_CLOCK,
    apiPublicUrl: env.API_PUBLIC_URL,
    instanceId: env.API_INSTANCE_ID,
    // The API's own listening address: the sandbox bank delivers its webhook there over HTTP.
    apiInternalUrl: `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${env.PORT}`,
    paymentProvider: { url: env.PAYMENT_PROVIDER_URL, accessKey: env.PAYMENT_PROVIDER_ACCESS_KEY, secret: env.PAYMENT_PROVIDER_SECRET },
    identity: identitySettingsFromEnv(env),
  });
}

/**
 * Why this environment must not serve real users, empty when it may. Outside the dev runner and
 * the tests (SANDBOX_SERVICES=true, which they set), the API needs a real database, a cookie
 * secret and real outside services; a forgotten variable stops the start instead of opening a hole.
 */
export function unsafeStartReasons(env: Env): string[] {
  const reasons: string[] = [];
  if (env.SANDBOX_SERVICES) {
    // The sandboxes hand out what production guards (reset links in a readable outbox, unsigned
    // Google tokens, a bank anyone can sign for), so only on a developer's own machine.
    if (!SANDBOX_NODE_ENVS.includes(env.NODE_ENV)) reasons.push(`SANDBOX_SERVICES=true is for the dev runner and tests only (NODE_ENV=${env.NODE_ENV}): set NODE_ENV=development with it`);
    for (const [name, value] of [['PUBLIC_SITE_URL', env.PUBLIC_SITE_URL], ['API_PUBLIC_URL', env.API_PUBLIC_URL]] as const) {
      if (value !== undefined && !isLoopbackUrl(value)) reasons.push(`SANDBOX_SERVICES=true with ${name}=${value}: the sandboxes run only on a loopback address (localhost, 127.0.0.1, [::1])`);
    }
    return [...reasons, ...identityStartReasons(env, false)];
  }
  reasons.push(...identityStartReasons(env, true));
  if (!env.DATABASE_URL) reasons.push('DATABASE_URL is not set (production needs PostgreSQL, not the local PGlite file)');
  if (!env.COOKIE_SECRET) reasons.push('COOKIE_SECRET is not set (at least 32 random characters)');
  if (!env.GOOGLE_CLIENT_ID) reasons.push('GOOGLE_CLIENT_ID is not set (the Google ID-token audience)');
  if (!env.COOKIE_SECURE) reasons.push('COOKIE_SECURE=false: production cookies must be Secure');
  if (env.SEED_DEMO_DATA) reasons.push('SEED_DEMO_DATA=true: demo accounts with published passwords');
  // Mails and the owner widget (on owners' own websites) carry absolute links built from it.
  if (!isPublicHttpsUrl(env.PUBLIC_SITE_URL)) reasons.push(`PUBLIC_SITE_URL=${env.PUBLIC_SITE_URL}: links in mails and in owners' widgets need the site's public https address`);
  if (!env.PAYMENT_PROVIDER_ACCESS_KEY || !env.PAYMENT_PROVIDER_SECRET) reasons.push('PAYMENT_PROVIDER_ACCESS_KEY and PAYMENT_PROVIDER_SECRET are not set (the bank-link provider)');
  return reasons;
}

/** The NODE_ENV values the sandboxes may run under: the dev runner's and jest's. */
export const SANDBOX_NODE_ENVS: readonly string[] = ['development', 'test'];

function isPublicHttpsUrl(value: string): boolean {
  return new URL(value).protocol === 'https:' && !isLoopbackUrl(value);
}

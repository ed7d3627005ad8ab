import path from 'node:path';
import { validateIban } from 'shared-kernel/domain';
import { z } from 'zod';
import { DEFAULT_DATA_DIR, isLoopbackUrl, resolveConfig, type AppConfig } from './config';
import { identitySettingsFromEnv, identityStartReasons } from './services/identity/settings';

// The only place that reads process.env.
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

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
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must be at least 32 characters').optional(),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SANDBOX_SERVICES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Tests serving a fake outside calendar on a local port (issue 32); only with the sandboxes. */
  ALLOW_LOCAL_CALENDAR_FEEDS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUSTED_PROXIES: csv.default(['127.0.0.1', '::1', '::ffff:127.0.0.1']),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** The browser journeys' clock control (POST /sandbox/clock); only with sandbox services. */
  TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  IDENTITY_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  PAYMENT_PROVIDER_URL: z.url().optional(),
  PAYMENT_PROVIDER_ACCESS_KEY: z.string().optional(),
  PAYMENT_PROVIDER_SECRET: z.string().optional(),
  // Issue 31: the platform account the operator's SEPA payout file pays from.
  PAYOUT_DEBTOR_NAME: z.string().min(1).max(70).optional(),
  PAYOUT_DEBTOR_IBAN: z
    .string()
    .regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/)
    .optional(),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/)
    .optional(),
  API_PUBLIC_URL: z.url().optional(),
  /** Names this replica in the X-Api-Instance answer header (issue 14); letters, digits, dot, dash. */
  API_INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,63}$/)
    .optional(),
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
  // --- Business register, mail and bank link: the real clients (issue 30, ADR 0034) ---
  /** The e-Business Register's XML service (esindus_v2), its contract user and password. */
  ARIREGISTER_URL: z.url().optional(),
  ARIREGISTER_USERNAME: z.string().optional(),
  ARIREGISTER_PASSWORD: z.string().optional(),
  ARIREGISTER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  ARIREGISTER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** The sender of every mail ("Rendime <info@rendime.ee>") and the SMTP server: a URL or its parts. */
  MAIL_FROM: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  // --- end of issue 30 block ---
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
    allowLocalCalendarFeeds: env.ALLOW_LOCAL_CALENDAR_FEEDS,
    cookieSecret: env.COOKIE_SECRET,
    trustedProxies: env.TRUSTED_PROXIES,
    googleClientId: env.GOOGLE_CLIENT_ID,
    testClock: env.TEST_CLOCK,
    apiPublicUrl: env.API_PUBLIC_URL,
    instanceId: env.API_INSTANCE_ID,
    // The API's own listening address: the sandbox bank delivers its webhook there over HTTP.
    apiInternalUrl: `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${env.PORT}`,
    paymentProvider: { url: env.PAYMENT_PROVIDER_URL, accessKey: env.PAYMENT_PROVIDER_ACCESS_KEY, secret: env.PAYMENT_PROVIDER_SECRET },
    payoutAccount:
      env.PAYOUT_DEBTOR_NAME && env.PAYOUT_DEBTOR_IBAN
        ? { name: env.PAYOUT_DEBTOR_NAME, iban: env.PAYOUT_DEBTOR_IBAN, bic: env.PAYOUT_DEBTOR_BIC }
        : undefined,
    identity: identitySettingsFromEnv(env),
    // Issue 30: the real register and mail clients (unset: the sandboxes, or a refused start).
    businessRegister:
      env.ARIREGISTER_URL && env.ARIREGISTER_USERNAME && env.ARIREGISTER_PASSWORD
        ? {
            url: env.ARIREGISTER_URL,
            username: env.ARIREGISTER_USERNAME,
            password: env.ARIREGISTER_PASSWORD,
            timeoutMs: env.ARIREGISTER_TIMEOUT_MS,
            cacheTtlMs: env.ARIREGISTER_CACHE_TTL_MS,
          }
        : undefined,
    mail:
      env.MAIL_FROM && (env.SMTP_URL || env.SMTP_HOST)
        ? {
            from: env.MAIL_FROM,
            url: env.SMTP_URL,
            host: env.SMTP_HOST,
            port: env.SMTP_PORT,
            user: env.SMTP_USER,
            password: env.SMTP_PASSWORD,
            secure: env.SMTP_SECURE,
            timeoutMs: env.SMTP_TIMEOUT_MS,
          }
        : undefined,
  });
}

/**
 * Why this environment must not serve real users, empty when it may. Outside the dev runner and
 * the tests (SANDBOX_SERVICES=true, which they set), the API needs a real database, a cookie
 * secret and real outside services; a forgotten variable stops the start instead of opening a hole.
 */
export function unsafeStartReasons(env: Env): string[] {
  // A provider with some settings and not others is a typo or a forgotten secret, in any mode.
  const reasons: string[] = halfConfiguredReasons(env);
  if (env.SANDBOX_SERVICES) {
    // The sandboxes hand out what production guards (reset links in a readable outbox, unsigned
    // Google tokens, a bank anyone can sign for), so only on a developer's own machine.
    if (!SANDBOX_NODE_ENVS.includes(env.NODE_ENV))
      reasons.push(
        `SANDBOX_SERVICES=true is for the dev runner and tests only (NODE_ENV=${env.NODE_ENV}): set NODE_ENV=development with it`,
      );
    for (const [name, value] of [
      ['PUBLIC_SITE_URL', env.PUBLIC_SITE_URL],
      ['API_PUBLIC_URL', env.API_PUBLIC_URL],
    ] as const) {
      if (value !== undefined && !isLoopbackUrl(value))
        reasons.push(
          `SANDBOX_SERVICES=true with ${name}=${value}: the sandboxes run only on a loopback address (localhost, 127.0.0.1, [::1])`,
        );
    }
    return [...reasons, ...identityStartReasons(env, false)];
  }
  reasons.push(...identityStartReasons(env, true));
  if (env.ALLOW_LOCAL_CALENDAR_FEEDS)
    reasons.push('ALLOW_LOCAL_CALENDAR_FEEDS=true: outside calendars on this machine or a private network are for the tests only');
  if (!env.DATABASE_URL) reasons.push('DATABASE_URL is not set (production needs PostgreSQL, not the local PGlite file)');
  if (!env.COOKIE_SECRET) reasons.push('COOKIE_SECRET is not set (at least 32 random characters)');
  if (!env.GOOGLE_CLIENT_ID) reasons.push('GOOGLE_CLIENT_ID is not set (the Google ID-token audience)');
  if (!env.COOKIE_SECURE) reasons.push('COOKIE_SECURE=false: production cookies must be Secure');
  if (env.SEED_DEMO_DATA) reasons.push('SEED_DEMO_DATA=true: demo accounts with published passwords');
  // Mails and the owner widget (on owners' own websites) carry absolute links built from it.
  if (!isPublicHttpsUrl(env.PUBLIC_SITE_URL))
    reasons.push(`PUBLIC_SITE_URL=${env.PUBLIC_SITE_URL}: links in mails and in owners' widgets need the site's public https address`);
  if (!env.PAYMENT_PROVIDER_ACCESS_KEY && !env.PAYMENT_PROVIDER_SECRET)
    reasons.push('PAYMENT_PROVIDER_ACCESS_KEY and PAYMENT_PROVIDER_SECRET are not set (the bank-link provider)');
  reasons.push(...productionProviderReasons(env));
  return reasons;
}

// --- Issue 30 (ADR 0034): the real providers' settings ---

/** The settings of each provider that go together: all of them or none. */
const PROVIDER_GROUPS: readonly { provider: string; names: readonly (keyof Env)[] }[] = [
  { provider: 'the business register', names: ['ARIREGISTER_URL', 'ARIREGISTER_USERNAME', 'ARIREGISTER_PASSWORD'] },
  { provider: 'the bank-link provider', names: ['PAYMENT_PROVIDER_ACCESS_KEY', 'PAYMENT_PROVIDER_SECRET'] },
  { provider: 'the SMTP login', names: ['SMTP_USER', 'SMTP_PASSWORD'] },
];

/** The placeholders infra/deploy ships (secret.yaml, compose.yaml): never a production secret. */
export const PLACEHOLDER_SECRET = /REPLACE|change-me/i;
/** The payout IBAN infra/deploy ships (config.yaml): estonia.md's example, no account of the platform's. */
export const PLACEHOLDER_IBAN = 'EE382200221020145685';
/** The relying-party UUID infra/deploy ships (config.yaml): SK issues the real one to the contract. */
export const PLACEHOLDER_UUID = '00000000-0000-0000-0000-000000000000';

function halfConfiguredReasons(env: Env): string[] {
  const reasons: string[] = [];
  for (const { provider, names } of PROVIDER_GROUPS) {
    const set = names.filter((n) => env[n] !== undefined);
    if (set.length === 0 || set.length === names.length) continue;
    for (const missing of names.filter((n) => env[n] === undefined))
      reasons.push(`${missing} is not set (${provider} is half configured: ${set.join(', ')} set)`);
  }
  const smtpSet = (['SMTP_URL', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_USER'] as const).filter((n) => env[n] !== undefined);
  if (env.SMTP_URL && env.SMTP_HOST) reasons.push('SMTP_URL and SMTP_HOST are both set: give the SMTP server one way');
  if (smtpSet.length > 0 && !env.SMTP_URL && !env.SMTP_HOST)
    reasons.push(`SMTP_HOST is not set (the SMTP server is half configured: ${smtpSet.join(', ')} set)`);
  if (smtpSet.length > 0 && !env.MAIL_FROM)
    reasons.push(`MAIL_FROM is not set (the mail sender is half configured: ${smtpSet.join(', ')} set)`);
  if (env.MAIL_FROM && smtpSet.length === 0)
    reasons.push('SMTP_URL or SMTP_HOST is not set (the mail sender is half configured: MAIL_FROM set)');
  return reasons;
}

function productionProviderReasons(env: Env): string[] {
  const reasons: string[] = [];
  if (env.COOKIE_SECRET && PLACEHOLDER_SECRET.test(env.COOKIE_SECRET))
    reasons.push('COOKIE_SECRET is the placeholder from infra/deploy: set at least 32 random characters');
  for (const name of [
    'DATABASE_URL',
    'PAYMENT_PROVIDER_ACCESS_KEY',
    'PAYMENT_PROVIDER_SECRET',
    'ARIREGISTER_USERNAME',
    'ARIREGISTER_PASSWORD',
    'SMTP_URL',
    'SMTP_PASSWORD',
  ] as const) {
    const value = env[name];
    if (value && PLACEHOLDER_SECRET.test(value)) reasons.push(`${name} is still the placeholder from infra/deploy (secret.yaml)`);
  }
  for (const name of ['SMART_ID_RP_UUID', 'MOBILE_ID_RP_UUID'] as const) {
    // The all-zero UUID is a valid UUID but no relying party's: SK would refuse every login.
    if (env[name] === PLACEHOLDER_UUID)
      reasons.push(`${name} is still the placeholder from infra/deploy (the all-zero UUID): set the UUID SK issued to Rendime`);
  }
  if (!env.ARIREGISTER_URL && !env.ARIREGISTER_USERNAME && !env.ARIREGISTER_PASSWORD)
    reasons.push('ARIREGISTER_URL, ARIREGISTER_USERNAME and ARIREGISTER_PASSWORD are not set (the business register)');
  if (!env.MAIL_FROM && !env.SMTP_URL && !env.SMTP_HOST && !env.SMTP_PORT && !env.SMTP_USER)
    reasons.push('MAIL_FROM and SMTP_URL (or SMTP_HOST) are not set (the mail sender)');
  // Issue 31: without them the payout files would pay from the demo account of config.ts.
  for (const name of ['PAYOUT_DEBTOR_NAME', 'PAYOUT_DEBTOR_IBAN', 'PAYOUT_DEBTOR_BIC'] as const) {
    if (!env[name]) reasons.push(`${name} is not set (the platform account the SEPA payout files pay from)`);
  }
  if (env.PAYOUT_DEBTOR_IBAN === PLACEHOLDER_IBAN)
    reasons.push('PAYOUT_DEBTOR_IBAN is still the placeholder from infra/deploy (an example IBAN): set the platform account');
  if (env.PAYOUT_DEBTOR_IBAN && !validateIban(env.PAYOUT_DEBTOR_IBAN))
    reasons.push(`PAYOUT_DEBTOR_IBAN=${env.PAYOUT_DEBTOR_IBAN} is no valid IBAN (its checksum fails)`);
  return reasons;
}

/** The NODE_ENV values the sandboxes may run under: the dev runner's and jest's. */
export const SANDBOX_NODE_ENVS: readonly string[] = ['development', 'test'];

function isPublicHttpsUrl(value: string): boolean {
  return new URL(value).protocol === 'https:' && !isLoopbackUrl(value);
}

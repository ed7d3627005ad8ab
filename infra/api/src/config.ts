import path from 'node:path';
import { packageRoot } from './lib/package-root';
import { SERVER_TIMEOUTS, type ServerTimeouts } from './lib/server-timeouts';
import type { IdentitySettings } from './services/identity/settings';

export interface AppConfig {
  /** Where PGlite data and uploaded/generated files live. */
  dataDir: string;
  /** Files are stored here (defaults to dataDir/files). */
  filesDir: string;
  databaseUrl?: string;
  publicSiteUrl: string;
  /** URL prefix under which the browser reaches GET /files/<name> (through the shell's /api proxy). */
  filesPublicPath: string;
  allowedOrigins: string[];
  cookieSecure: boolean;
  /** JSON body limit in bytes. */
  bodyLimit: number;
  /** Load the demo data on start (once per database). */
  seedDemoData: boolean;
  /** How long a sandbox Smart-ID / Mobile-ID session stays RUNNING before its demo outcome. */
  identitySandboxDelayMs: number;
  /** Live stream: a comment line this often keeps proxies open; the session is re-checked then too. */
  liveHeartbeatMs: number;
  /**
   * Stand-ins for the outside services (identity, Google, company register) and the readable mail
   * outbox. Off in production: the app then refuses to start unless real services are plugged in.
   */
  sandboxServices: boolean;
  /**
   * Outside calendars (issue 32) may be read over plain http from this machine and from private
   * addresses: only for the tests that serve a fake calendar on a local port (env
   * ALLOW_LOCAL_CALENDAR_FEEDS). Off by default everywhere, the dev runner too, so an owner's
   * address can reach nothing inside; it needs the sandboxes (the app refuses it without them).
   */
  allowLocalCalendarFeeds: boolean;
  /** A clock the browser journeys may move (`POST /sandbox/clock`); needs sandbox services. */
  testClock: boolean;
  /** Where the browser reaches this API (through the shell's /api proxy); bank-link return URLs use it. */
  apiPublicUrl: string;
  /**
   * Where this API is reached from its own host (the sandbox bank's webhook delivery). Unset:
   * the webhook is delivered in-process (tests, an app that does not listen).
   */
  apiInternalUrl?: string;
  /** The real bank-link provider (used when sandbox services are off). */
  paymentProvider: { url?: string; accessKey?: string; secret?: string };
  /** The merchant name shown on the bank page. */
  merchantName: string;
  /**
   * The platform's own bank account that pays withdrawals out: the debtor of the operator's SEPA
   * export (issue 31). Env PAYOUT_DEBTOR_NAME / _IBAN / _BIC; the demo account by default.
   */
  payoutAccount: { name: string; iban: string; bic?: string };
  /**
   * Key that signs the session cookie. Required in production (the API refuses to start without
   * it); without one the cookie carries the bare token (tests, the local platform).
   */
  cookieSecret?: string;
  /**
   * Addresses of the proxies whose `X-Forwarded-For` the API believes (the shell's /api proxy).
   * Any other peer is the client itself, so a visitor cannot pick the address it is limited by.
   */
  trustedProxies: string[];
  /** Google sign-in client id (the audience of the ID tokens); the real verifier needs it. */
  googleClientId?: string;
  /**
   * Most requests (searches, lists, everything but `priority` routes) one instance works on at
   * once; the rest queue. Unset: 4 on PostgreSQL (a pool of 10 keeps room for sign-in), 1 on
   * PGlite, which runs one query at a time, so each sign-in query waits behind at most one heavy one.
   */
  heavyConcurrency?: number;
  /** How many heavy requests may wait for a slot before the API answers 503 at once. */
  heavyQueueLimit: number;
  /** Abuse limits on sign-in, sign-up, password reset, contact and identity start (off only in tests that ask). */
  rateLimits: boolean;
  /**
   * This replica's name (env API_INSTANCE_ID, e.g. the pod name). When set, every answer carries
   * it as `X-Api-Instance`, so an operator (and the replica journey) can tell which replica answered.
   */
  instanceId?: string;
  /** The HTTP server's header, request and keep-alive timeouts (SERVER_TIMEOUTS; tests shorten them). */
  serverTimeouts: ServerTimeouts;
  /**
   * How often this replica asks the job queue for due jobs (services/jobs); 0: never by itself
   * (the API tests, which run rounds when they mean to, on their controlled clock).
   */
  jobPollMs: number;
  /**
   * Identity providers: the real Smart-ID and Mobile-ID clients' settings (env SMART_ID_*,
   * MOBILE_ID_*). Set: they verify identities, also beside other sandboxes; unset: the sandboxes,
   * which production refuses (env.ts).
   */
  identity?: IdentitySettings;
  // --- Issue 30 (ADR 0034): the real business register and mail sender; unset: the sandboxes ---
  /** The e-Business Register's XML service (services/business-register). */
  businessRegister?: { url: string; username: string; password: string; timeoutMs: number; cacheTtlMs: number };
  /** SMTP (services/mail): the sender address, and the server as a URL or host/port/login. */
  mail?: { from: string; url?: string; host?: string; port?: number; user?: string; password?: string; secure: boolean; timeoutMs: number };
}

export const DEFAULT_DATA_DIR = path.join(packageRoot(), '.data');

export function resolveConfig(partial: Partial<AppConfig> = {}): AppConfig {
  const dataDir = partial.dataDir ?? DEFAULT_DATA_DIR;
  return {
    dataDir,
    filesDir: partial.filesDir ?? path.join(dataDir, 'files'),
    databaseUrl: partial.databaseUrl,
    publicSiteUrl: (partial.publicSiteUrl ?? 'http://localhost:3000').replace(/\/$/, ''),
    filesPublicPath: (partial.filesPublicPath ?? '/api/files').replace(/\/$/, ''),
    allowedOrigins: partial.allowedOrigins ?? ['http://localhost:3000'],
    // Safe by default: Secure (and the __Host- cookie name); the dev runner and the tests switch it off.
    cookieSecure: partial.cookieSecure ?? true,
    bodyLimit: partial.bodyLimit ?? 1024 * 1024,
    seedDemoData: partial.seedDemoData ?? false,
    identitySandboxDelayMs: partial.identitySandboxDelayMs ?? 5_000,
    liveHeartbeatMs: partial.liveHeartbeatMs ?? 25_000,
    testClock: partial.testClock ?? false,
    apiPublicUrl: (partial.apiPublicUrl ?? `${(partial.publicSiteUrl ?? 'http://localhost:3000').replace(/\/$/, '')}/api`).replace(
      /\/$/,
      '',
    ),
    apiInternalUrl: partial.apiInternalUrl?.replace(/\/$/, ''),
    paymentProvider: partial.paymentProvider ?? {},
    merchantName: partial.merchantName ?? 'Rendime',
    // estonia.md's valid example IBAN (Swedbank): a placeholder until the platform's account is configured.
    payoutAccount: partial.payoutAccount ?? { name: 'Rendime OÜ', iban: 'EE382200221020145685', bic: 'HABAEE2X' },
    // Stand-ins are opt-in: a deployment that forgets a setting must not start with an unsigned-token Google.
    sandboxServices: partial.sandboxServices ?? false,
    allowLocalCalendarFeeds: partial.allowLocalCalendarFeeds ?? false,
    cookieSecret: partial.cookieSecret,
    trustedProxies: partial.trustedProxies ?? ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    googleClientId: partial.googleClientId,
    heavyConcurrency: partial.heavyConcurrency,
    heavyQueueLimit: partial.heavyQueueLimit ?? 500,
    rateLimits: partial.rateLimits ?? true,
    instanceId: partial.instanceId,
    serverTimeouts: { ...SERVER_TIMEOUTS, ...partial.serverTimeouts },
    jobPollMs: partial.jobPollMs ?? 5_000,
    identity: partial.identity,
    businessRegister: partial.businessRegister,
    mail: partial.mail,
  };
}

const LOOPBACK_HOSTS = ['localhost', '[::1]'];

/** An address only this machine reaches: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(value: string): boolean {
  const { hostname } = new URL(value);
  return LOOPBACK_HOSTS.includes(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

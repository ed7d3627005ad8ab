import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { resolveConfig } from '../src/config';
import { configFromEnv, readEnv, unsafeStartReasons } from '../src/env';
import { createTestClock } from '../src/lib/clock';
import { SESSION_ABSOLUTE_MS } from '../src/repositories/session-repository';
import { SandboxBusinessRegister } from '../src/services/business-register';
import { makeSandboxGoogleCredential } from '../src/services/google';
import { JwksGoogleVerifier } from '../src/services/google/jwks-verifier';
import { createSandboxProviders } from '../src/services/identity/sandbox-provider';
import { expectApiError } from '../src/testing/assertions';
import { cookieHeader, createTestApp, sessionCookieOf, signedInUser } from '../src/testing/test-app';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';
import { identityEnv, makeCa } from './fakes/identity-pki';

// Issue 15: what a deployment gets when it sets nothing is the safe thing.

const CLIENT_ID = 'rendime-test.apps.googleusercontent.com';
const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'test-key-1';
const jwks = { keys: [{ ...(publicKey.export({ format: 'jwk' }) as object), kid: KID, alg: 'RS256', use: 'sig' }] };

function googleToken(claims: Record<string, unknown>, opts: { kid?: string; key?: crypto.KeyObject; alg?: string } = {}): string {
  const enc = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = enc({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? KID, typ: 'JWT' });
  const body = enc(claims);
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${head}.${body}`), opts.key ?? privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

function claims(now: Date, extra: Record<string, unknown> = {}) {
  return {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '1234567890',
    email: 'Mari@Example.ee',
    email_verified: true,
    exp: Math.floor(now.getTime() / 1000) + 600,
    ...extra,
  };
}

describe('production defaults', () => {
  it('has the sandboxes, demo data and plain cookies off unless asked for', () => {
    const config = resolveConfig();
    expect(config).toMatchObject({
      sandboxServices: false,
      allowLocalCalendarFeeds: false,
      seedDemoData: false,
      cookieSecure: true,
      rateLimits: true,
    });
    // The dev runner's environment (SANDBOX_SERVICES alone) leaves local calendar feeds off too.
    expect(configFromEnv(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'development' })).allowLocalCalendarFeeds).toBe(false);
  });

  it('refuses to start from an empty environment and names every missing setting', () => {
    const reasons = unsafeStartReasons(readEnv({}));
    expect(reasons.join('\n')).toMatch(/DATABASE_URL/);
    expect(reasons.join('\n')).toMatch(/COOKIE_SECRET/);
    expect(reasons.join('\n')).toMatch(/GOOGLE_CLIENT_ID/);
    expect(reasons.join('\n')).toMatch(/PAYMENT_PROVIDER_ACCESS_KEY/);
    expect(reasons.join('\n')).toMatch(/PUBLIC_SITE_URL=http:\/\/localhost:3000/);
  });

  it('refuses the sandboxes with NODE_ENV=production, and accepts them in development (the dev runner)', () => {
    expect(unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true' })).join()).toMatch(/dev runner/);
    expect(unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'development' }))).toEqual([]);
  });

  // Issue 29: NODE_ENV=staging with sandboxes on a public https site skipped every production check
  // and served the readable mail outbox (reset links) to the world.
  it('refuses the sandboxes outside development/test and on any site address that is not loopback', () => {
    const staging = unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'staging', PUBLIC_SITE_URL: 'https://rendime.ee' }));
    expect(staging).toEqual([expect.stringMatching(/NODE_ENV=staging/), expect.stringMatching(/PUBLIC_SITE_URL=https:\/\/rendime\.ee/)]);
    for (const NODE_ENV of ['production', 'staging', 'prod', 'Development']) {
      expect(unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV })).join()).toMatch(/dev runner and tests only/);
    }
    for (const site of [
      'https://rendime.ee',
      'http://rendime.ee',
      'http://192.168.1.5:3000',
      'http://10.0.0.1',
      'http://localhost.rendime.ee',
      'http://0.0.0.0:3000',
    ]) {
      expect(unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'development', PUBLIC_SITE_URL: site }))).toEqual([
        expect.stringMatching(/loopback/),
      ]);
    }
    expect(unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'test', API_PUBLIC_URL: 'https://api.rendime.ee' }))).toEqual([
      expect.stringMatching(/API_PUBLIC_URL/),
    ]);
    // What `npm start`, dev:local, the journeys and the compose staging stack set.
    for (const site of [
      'http://localhost:3000',
      'http://localhost:4000',
      'http://127.0.0.1:5000',
      'http://[::1]:3000',
      'http://localhost:8080',
    ]) {
      for (const NODE_ENV of ['development', 'test'])
        expect(unsafeStartReasons(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV, PUBLIC_SITE_URL: site }))).toEqual([]);
    }
  });

  it('a server process with sandboxes, NODE_ENV=staging and a public https site exits 1 and names why', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(__dirname, '..'),
      env: {
        PATH: process.env.PATH,
        SANDBOX_SERVICES: 'true',
        NODE_ENV: 'staging',
        PUBLIC_SITE_URL: 'https://rendime.ee',
        PORT: '0',
        DATA_DIR: path.join(os.tmpdir(), 'rendime-refused-start'),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/refuses to start[\s\S]*NODE_ENV=staging[\s\S]*PUBLIC_SITE_URL=https:\/\/rendime\.ee/);
  });

  it('will not build a sandboxed app for a site that is not loopback', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        buildApp({ database, config: { filesDir: testFilesDir(), sandboxServices: true, publicSiteUrl: 'https://rendime.ee' } }),
      ).rejects.toThrow(/loopback/);
      await expect(
        buildApp({ database, config: { filesDir: testFilesDir(), sandboxServices: true, apiPublicUrl: 'https://api.rendime.ee' } }),
      ).rejects.toThrow(/loopback/);
      await expect(buildApp({ database, config: { filesDir: testFilesDir(), allowLocalCalendarFeeds: true } })).rejects.toThrow(
        /allowLocalCalendarFeeds/,
      );
    } finally {
      await database.close();
    }
  });

  it('accepts a complete production environment', async () => {
    const identity = identityEnv((await makeCa('SK test anchor')).pem);
    const complete = {
      DATABASE_URL: 'postgres://db/rendime',
      COOKIE_SECRET: 'x'.repeat(40),
      GOOGLE_CLIENT_ID: CLIENT_ID,
      PAYMENT_PROVIDER_ACCESS_KEY: 'merchant',
      PAYMENT_PROVIDER_SECRET: 's'.repeat(40),
      PUBLIC_SITE_URL: 'https://rendime.ee',
      ARIREGISTER_URL: 'https://ariregxmlv6.rik.ee/',
      ARIREGISTER_USERNAME: 'u',
      ARIREGISTER_PASSWORD: 'p',
      MAIL_FROM: 'info@rendime.ee',
      SMTP_URL: 'smtp://smtp.rendime.ee',
      PAYOUT_DEBTOR_NAME: 'Rendime OÜ',
      PAYOUT_DEBTOR_IBAN: 'EE471000001020145685',
      PAYOUT_DEBTOR_BIC: 'EEUHEE2X',
      ...identity,
    };
    expect(unsafeStartReasons(readEnv(complete))).toEqual([]);
    for (const site of ['http://rendime.ee', 'https://localhost:3000', 'https://127.0.0.1']) {
      expect(unsafeStartReasons(readEnv({ ...complete, PUBLIC_SITE_URL: site }))).toEqual([expect.stringMatching(/^PUBLIC_SITE_URL=/)]);
    }
    // Outside calendars on this machine or a private network are the tests' fake feeds only.
    expect(unsafeStartReasons(readEnv({ ...complete, ALLOW_LOCAL_CALENDAR_FEEDS: 'true' }))).toEqual([
      expect.stringMatching(/^ALLOW_LOCAL_CALENDAR_FEEDS=true/),
    ]);
  });

  it('will not build an app without real outside services', async () => {
    const database = await createTestDatabase();
    try {
      await expect(buildApp({ database, config: { filesDir: testFilesDir() } })).rejects.toThrow(
        /identityProviders, googleVerifier, businessRegister/,
      );
    } finally {
      await database.close();
    }
  });
});

describe('the API outside the sandbox', () => {
  it('refuses alg:none Google tokens, signs in with a real one, and has no outbox route', async () => {
    const database = await createTestDatabase();
    const clock = createTestClock();
    const app = await buildApp({
      database,
      clock,
      // Stand-ins for the two services that have no real client yet; Google is the real verifier.
      identityProviders: createSandboxProviders({ clock, delayMs: 0 }),
      businessRegister: new SandboxBusinessRegister(),
      googleVerifier: new JwksGoogleVerifier({ clientId: CLIENT_ID, clock, fetch: async () => Response.json(jwks) }),
      config: {
        filesDir: testFilesDir(),
        cookieSecret: 'k'.repeat(40),
        paymentProvider: { accessKey: 'merchant', secret: 's'.repeat(40) },
      },
    });
    try {
      const unsigned = makeSandboxGoogleCredential({ email: 'admin@rendime.ee' }, clock.now());
      expectApiError(
        await app.inject({ method: 'POST', url: '/users/session-google', payload: { credential: unsigned } }),
        401,
        'GOOGLE_LOGIN_FAILED',
      );
      const real = await app.inject({
        method: 'POST',
        url: '/users/session-google',
        payload: { credential: googleToken(claims(clock.now())) },
      });
      expect(real.statusCode).toBe(200);
      // __Host- cookie, Secure, signed with the cookie secret.
      const cookie = real.cookies.find((c) => c.name === '__Host-rendime_sid');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect(cookie?.value).toMatch(/\./);
      const session = await app.inject({ url: '/users/session', headers: { cookie: `__Host-rendime_sid=${cookie?.value}` } });
      expect(session.json()).toMatchObject({ username: 'mari@example.ee' });
      // The bare token without the signature is not a session.
      const bare = cookie?.value.split('.')[0];
      expect((await app.inject({ url: '/users/session', headers: { cookie: `__Host-rendime_sid=${bare}` } })).json()).toBeNull();
      expect((await app.inject({ url: '/sandbox/outbox.json' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/sandbox/outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('JwksGoogleVerifier', () => {
  const clock = createTestClock();
  let fetches = 0;
  const verifier = new JwksGoogleVerifier({
    clientId: CLIENT_ID,
    clock,
    fetch: async () => {
      fetches += 1;
      return Response.json(jwks, { headers: { 'cache-control': 'public, max-age=3600' } });
    },
  });

  it('accepts a token signed by a published key for our audience', async () => {
    expect(await verifier.verify(googleToken(claims(clock.now())))).toEqual({
      sub: '1234567890',
      email: 'mari@example.ee',
      emailVerified: true,
      givenName: undefined,
      familyName: undefined,
    });
  });

  it.each([
    ['another audience', () => googleToken(claims(clock.now(), { aud: 'someone-else.apps.googleusercontent.com' }))],
    ['another issuer', () => googleToken(claims(clock.now(), { iss: 'https://evil.example' }))],
    ['an expired token', () => googleToken(claims(clock.now(), { exp: Math.floor(clock.now().getTime() / 1000) - 120 }))],
    ['an unknown key id', () => googleToken(claims(clock.now()), { kid: 'nope' })],
    [
      'a foreign key',
      () => googleToken(claims(clock.now()), { key: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
    ],
    ['alg none', () => makeSandboxGoogleCredential({ email: 'admin@rendime.ee' }, clock.now())],
    [
      'HS256 keyed with the public key',
      () => {
        const enc = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
        const head = enc({ alg: 'HS256', kid: KID });
        const body = enc(claims(clock.now()));
        const mac = crypto
          .createHmac('sha256', publicKey.export({ type: 'spki', format: 'pem' }))
          .update(`${head}.${body}`)
          .digest('base64url');
        return `${head}.${body}.${mac}`;
      },
    ],
    [
      'a tampered payload',
      () => {
        const [h, , s] = googleToken(claims(clock.now())).split('.');
        return `${h}.${Buffer.from(JSON.stringify(claims(clock.now(), { email: 'admin@rendime.ee' }))).toString('base64url')}.${s}`;
      },
    ],
    ['garbage', () => 'not-a-token'],
  ])('refuses %s', async (_name, make) => {
    expect(await verifier.verify(make())).toBeNull();
  });

  it('caches the keys for their max-age', async () => {
    const before = fetches;
    await verifier.verify(googleToken(claims(clock.now())));
    await verifier.verify(googleToken(claims(clock.now())));
    expect(fetches).toBe(before);
    clock.advance(3601 * 1000);
    await verifier.verify(googleToken(claims(clock.now())));
    expect(fetches).toBe(before + 1);
  });
});

describe('answers', () => {
  it('carry nosniff, a frame-refusing CSP, Referrer-Policy, and no-store on the session', async () => {
    const ctx = await createTestApp();
    try {
      const reg = await ctx.app.inject({
        method: 'POST',
        url: '/users/register',
        payload: { username: 'hdr@example.ee', password: 'Header123', type: 'B2C' },
      });
      const res = await ctx.app.inject({ url: '/users/session', headers: cookieHeader(sessionCookieOf(reg)) });
      expect(res.headers).toMatchObject({
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
      });
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      // An error answer too.
      const missing = await ctx.app.inject({ url: '/nowhere' });
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
      expect(missing.headers['content-security-policy']).toMatch(/default-src 'none'/);
    } finally {
      await ctx.close();
    }
  });
});

describe('sessions and reset links', () => {
  it('a session ends SESSION_ABSOLUTE_MS after sign-in however busy it is', async () => {
    const ctx = await createTestApp();
    try {
      const reg = await ctx.app.inject({
        method: 'POST',
        url: '/users/register',
        payload: { username: 'long@example.ee', password: 'Longlived1', type: 'B2C' },
      });
      const token = sessionCookieOf(reg);
      const step = 12 * 60 * 60 * 1000;
      for (let t = step; t < SESSION_ABSOLUTE_MS; t += step) {
        ctx.clock.advance(step);
        expect(await signedInUser(ctx.app, token)).not.toBeNull();
      }
      ctx.clock.advance(step + 1000);
      expect(await signedInUser(ctx.app, token)).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it('every reset link of the account dies with the first successful reset', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.app.inject({
        method: 'POST',
        url: '/users/register',
        payload: { username: 'twice@example.ee', password: 'Twice1234', type: 'B2C' },
      });
      for (let i = 0; i < 2; i++) await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'twice@example.ee' } });
      const keys = (await ctx.app.outbox.list(10))
        .map((m) => /key=([^\s&]+)/.exec(m.body)?.[1])
        .filter((k) => k !== undefined)
        .map((k) => decodeURIComponent(k));
      expect(keys).toHaveLength(2);
      const first = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: keys[0], newPassword: 'Newpass123' } });
      expect(first.statusCode).toBe(200);
      expect((await ctx.app.inject({ url: `/forgot-pw/${keys[1]}` })).json()).toBe(false);
      expectApiError(
        await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: keys[1], newPassword: 'Attacker123' } }),
        400,
        'INVALID_HASH',
      );
    } finally {
      await ctx.close();
    }
  });
});

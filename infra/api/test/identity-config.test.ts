import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { configFromEnv, readEnv, unsafeStartReasons } from '../src/env';
import { createTestDatabase, testFilesDir } from '../src/testing/test-database';
import { identityEnv, makeCa } from './fakes/identity-pki';

// Issue 30, acceptance 6 (identity part): a half-configured provider stops the start, naming the setting.

let anchor: string;
beforeAll(async () => {
  anchor = (await makeCa('SK test anchor')).pem;
});

const production = {
  DATABASE_URL: 'postgres://db/rendime',
  COOKIE_SECRET: 'x'.repeat(40),
  GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
  PAYMENT_PROVIDER_ACCESS_KEY: 'merchant',
  PAYMENT_PROVIDER_SECRET: 's'.repeat(40),
  PUBLIC_SITE_URL: 'https://rendime.ee',
  ARIREGISTER_URL: 'https://ariregxmlv6.rik.ee/',
  ARIREGISTER_USERNAME: 'rendime',
  ARIREGISTER_PASSWORD: 'ari-secret',
  MAIL_FROM: 'Rendime <info@rendime.ee>',
  SMTP_URL: 'smtps://mailer:pw@smtp.rendime.ee',
  PAYOUT_DEBTOR_NAME: 'Rendime OÜ',
  PAYOUT_DEBTOR_IBAN: 'EE471000001020145685',
  PAYOUT_DEBTOR_BIC: 'EEUHEE2X',
};

describe('identity provider settings', () => {
  it('production without any identity settings is refused, every setting named', () => {
    const reasons = unsafeStartReasons(readEnv(production)).join('\n');
    for (const name of [
      'SMART_ID_URL',
      'SMART_ID_RP_UUID',
      'SMART_ID_RP_NAME',
      'SMART_ID_TRUST_ANCHORS',
      'MOBILE_ID_URL',
      'MOBILE_ID_RP_UUID',
      'MOBILE_ID_RP_NAME',
      'MOBILE_ID_TRUST_ANCHORS',
    ]) {
      expect(reasons).toContain(`${name} is not set`);
    }
  });

  it.each(Object.keys(identityEnv('x')))('refuses a provider missing only %s, naming it as half configured', (name) => {
    const env = { ...production, ...identityEnv(anchor) };
    delete (env as Record<string, string>)[name];
    expect(unsafeStartReasons(readEnv(env))).toEqual([expect.stringMatching(new RegExp(`^${name} is not set .*half configured`))]);
  });

  it('refuses a half-configured provider beside the sandboxes too (the dev runner)', () => {
    const reasons = unsafeStartReasons(
      readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'development', SMART_ID_URL: 'https://sid.demo.sk.ee/smart-id-rp/v3' }),
    );
    expect(reasons.join('\n')).toMatch(/SMART_ID_RP_UUID is not set .*half configured/);
    expect(reasons.join('\n')).not.toMatch(/MOBILE_ID/);
  });

  it('refuses trust anchors that hold no certificate or cannot be read, naming the setting', () => {
    const noPem = unsafeStartReasons(readEnv({ ...production, ...identityEnv(anchor), SMART_ID_TRUST_ANCHORS: '-----BEGIN nothing' }));
    expect(noPem).toEqual([expect.stringMatching(/^SMART_ID_TRUST_ANCHORS holds no PEM certificate/)]);
    // A file path (a mounted volume) is read when the config is built, which the start does next.
    const missingFile = readEnv({ ...production, ...identityEnv(anchor), MOBILE_ID_TRUST_ANCHORS: '/nonexistent/sk-ca.pem' });
    expect(() => configFromEnv(missingFile)).toThrow(/^MOBILE_ID_TRUST_ANCHORS cannot be read: ENOENT/);
    const emptyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anchors-')), 'empty.pem');
    fs.writeFileSync(emptyFile, 'not a certificate');
    expect(() => configFromEnv(readEnv({ ...production, ...identityEnv(anchor), SMART_ID_TRUST_ANCHORS: emptyFile }))).toThrow(
      /^SMART_ID_TRUST_ANCHORS holds no PEM certificate/,
    );
  });

  it('reads anchors from PEM text with \\n escapes or from files, and builds both clients settings', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anchors-')), 'sk.pem');
    fs.writeFileSync(file, anchor);
    const env = readEnv({
      ...production,
      ...identityEnv(anchor.replace(/\n/g, '\\n')),
      MOBILE_ID_TRUST_ANCHORS: file,
      SMART_ID_SCHEME_NAME: 'smart-id-demo',
    });
    expect(unsafeStartReasons(env)).toEqual([]);
    const identity = configFromEnv(env).identity;
    expect(identity?.smartId).toMatchObject({
      schemeName: 'smart-id-demo',
      requiredPolicies: ['1.3.6.1.4.1.10015.17.2', '0.4.0.2042.1.2'],
      pollTimeoutMs: 1000,
    });
    expect(identity?.smartId.trustAnchors).toHaveLength(1);
    expect(identity?.mobileId.trustAnchors[0].fingerprint256).toBe(identity?.smartId.trustAnchors[0].fingerprint256);
  });

  it('leaves the identity clients off when nothing is configured (the sandboxes in tests and the dev runner)', () => {
    expect(configFromEnv(readEnv({ SANDBOX_SERVICES: 'true', NODE_ENV: 'development' })).identity).toBeUndefined();
  });

  it('rejects a relying-party UUID that is not one', () => {
    expect(() => readEnv({ SMART_ID_RP_UUID: 'rendime' })).toThrow(/SMART_ID_RP_UUID must be a UUID/);
  });

  it('a production app built with the identity settings needs no identity stand-in', async () => {
    const identity = configFromEnv(readEnv({ ...production, ...identityEnv(anchor) })).identity;
    const database = await createTestDatabase();
    try {
      await expect(buildApp({ database, config: { filesDir: testFilesDir(), identity } })).rejects.toThrow(
        /needs real services for: googleVerifier, businessRegister$/,
      );
      await expect(buildApp({ database, config: { filesDir: testFilesDir() } })).rejects.toThrow(
        /needs real services for: identityProviders, googleVerifier, businessRegister$/,
      );
    } finally {
      await database.close();
    }
  }, 60_000);
});

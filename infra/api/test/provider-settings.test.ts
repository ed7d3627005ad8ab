import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv, readEnv, unsafeStartReasons } from '../src/env';
import { identityEnv, makeCa } from './fakes/identity-pki';

// Issue 30, acceptance 6: the API refuses to start when a provider is half configured, naming the
// missing setting; the placeholder cookie secret of infra/deploy never passes for a real one.

const COMPLETE = {
  DATABASE_URL: 'postgres://db/rendime',
  COOKIE_SECRET: 'x'.repeat(40),
  GOOGLE_CLIENT_ID: 'rendime-web.apps.googleusercontent.com',
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
// The identity providers' settings (their own tests: identity-config.test.ts) complete every environment here.
let identity: Record<string, string> = {};
beforeAll(async () => {
  identity = identityEnv((await makeCa('SK test anchor')).pem);
});
const envOf = (source: Record<string, string | undefined>) => readEnv({ ...identity, ...source });

const without = (...names: (keyof typeof COMPLETE)[]) =>
  Object.fromEntries(Object.entries(COMPLETE).filter(([k]) => !names.includes(k as keyof typeof COMPLETE)));

it('accepts a complete production environment and hands every client its settings', () => {
  expect(unsafeStartReasons(envOf(COMPLETE))).toEqual([]);
  const config = configFromEnv(envOf({ ...COMPLETE, ARIREGISTER_TIMEOUT_MS: '4000' }));
  expect(config.businessRegister).toEqual({
    url: 'https://ariregxmlv6.rik.ee/',
    username: 'rendime',
    password: 'ari-secret',
    timeoutMs: 4_000,
    cacheTtlMs: 300_000,
  });
  expect(config.mail).toMatchObject({ from: 'Rendime <info@rendime.ee>', url: 'smtps://mailer:pw@smtp.rendime.ee', timeoutMs: 15_000 });
});

it.each([
  ['ARIREGISTER_PASSWORD', without('ARIREGISTER_PASSWORD')],
  ['ARIREGISTER_URL', without('ARIREGISTER_URL')],
  ['PAYMENT_PROVIDER_SECRET', without('PAYMENT_PROVIDER_SECRET')],
  ['PAYMENT_PROVIDER_ACCESS_KEY', without('PAYMENT_PROVIDER_ACCESS_KEY')],
  ['MAIL_FROM', without('MAIL_FROM')],
  ['SMTP_URL or SMTP_HOST', without('SMTP_URL')],
  ['SMTP_PASSWORD', { ...without('SMTP_URL'), SMTP_HOST: 'smtp.rendime.ee', SMTP_USER: 'mailer' }],
  ['SMTP_HOST', { ...without('SMTP_URL'), SMTP_PORT: '587' }],
])('a half-configured provider is refused, naming %s', (missing, env) => {
  const reasons = unsafeStartReasons(envOf(env));
  expect(reasons).toEqual([expect.stringContaining(`${missing} is not set`)]);
  expect(reasons[0]).toMatch(/half configured/);
});

it('a half-configured provider is refused with the sandboxes too (a typo is never silently ignored)', () => {
  expect(unsafeStartReasons(envOf({ SANDBOX_SERVICES: 'true', NODE_ENV: 'development', ARIREGISTER_URL: 'http://127.0.0.1:9/' }))).toEqual([
    expect.stringMatching(/^ARIREGISTER_USERNAME is not set/),
    expect.stringMatching(/^ARIREGISTER_PASSWORD is not set/),
  ]);
});

it('production without a register or a mail server names them', () => {
  const reasons = unsafeStartReasons(
    envOf(without('ARIREGISTER_URL', 'ARIREGISTER_USERNAME', 'ARIREGISTER_PASSWORD', 'MAIL_FROM', 'SMTP_URL')),
  );
  expect(reasons).toEqual([
    expect.stringMatching(/^ARIREGISTER_URL, ARIREGISTER_USERNAME and ARIREGISTER_PASSWORD are not set/),
    expect.stringMatching(/^MAIL_FROM and SMTP_URL \(or SMTP_HOST\) are not set/),
  ]);
});

it.each([['PAYOUT_DEBTOR_NAME'], ['PAYOUT_DEBTOR_IBAN'], ['PAYOUT_DEBTOR_BIC']] as const)(
  'production without %s is refused, naming it (no payout file from the demo account)',
  (missing) => {
    expect(unsafeStartReasons(envOf(without(missing)))).toEqual([expect.stringMatching(new RegExp(`^${missing} is not set`))]);
  },
);

it('production with the example payout IBAN infra/deploy ships is refused as a placeholder', () => {
  expect(unsafeStartReasons(envOf({ ...COMPLETE, PAYOUT_DEBTOR_IBAN: 'EE382200221020145685' }))).toEqual([
    expect.stringMatching(/^PAYOUT_DEBTOR_IBAN is still the placeholder/),
  ]);
});

it('production with a payout IBAN whose checksum fails is refused', () => {
  expect(unsafeStartReasons(envOf({ ...COMPLETE, PAYOUT_DEBTOR_IBAN: 'EE471000001020145686' }))).toEqual([
    'PAYOUT_DEBTOR_IBAN=EE471000001020145686 is no valid IBAN (its checksum fails)',
  ]);
});

it('refuses the placeholder cookie secret that infra/deploy ships', () => {
  const secretYaml = fs.readFileSync(path.join(__dirname, '../../deploy/k8s/secret.yaml'), 'utf8');
  const placeholder = /COOKIE_SECRET:\s*(\S+)/.exec(secretYaml)?.[1];
  expect(placeholder).toBeDefined();
  expect(unsafeStartReasons(envOf({ ...COMPLETE, COOKIE_SECRET: placeholder }))).toEqual([
    expect.stringMatching(/^COOKIE_SECRET is the placeholder/),
  ]);
  // The other secrets of that template too.
  const smtpPlaceholder = /SMTP_URL:\s*(\S+)/.exec(secretYaml)?.[1];
  expect(
    unsafeStartReasons(
      envOf({ ...COMPLETE, SMTP_URL: smtpPlaceholder, ARIREGISTER_PASSWORD: 'REPLACE-with-the-register-contract-password' }),
    ),
  ).toEqual([
    expect.stringMatching(/^ARIREGISTER_PASSWORD is still the placeholder/),
    expect.stringMatching(/^SMTP_URL is still the placeholder/),
  ]);
});

it('refuses the all-zero relying-party UUIDs that infra/deploy ships, naming the setting', () => {
  const configYaml = fs.readFileSync(path.join(__dirname, '../../deploy/k8s/config.yaml'), 'utf8');
  const shipped = (name: string) => new RegExp(`${name}:\\s*(\\S+)`).exec(configYaml)?.[1];
  expect(shipped('SMART_ID_RP_UUID')).toBe('00000000-0000-0000-0000-000000000000');
  expect(
    unsafeStartReasons(
      envOf({ ...COMPLETE, SMART_ID_RP_UUID: shipped('SMART_ID_RP_UUID'), MOBILE_ID_RP_UUID: shipped('MOBILE_ID_RP_UUID') }),
    ),
  ).toEqual([
    expect.stringMatching(/^SMART_ID_RP_UUID is still the placeholder/),
    expect.stringMatching(/^MOBILE_ID_RP_UUID is still the placeholder/),
  ]);
});

it('a server process with a half-configured register exits 1 and names the missing setting', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(__dirname, '..'),
    env: {
      PATH: process.env.PATH,
      ...identity,
      ...without('ARIREGISTER_USERNAME'),
      PORT: '0',
      DATA_DIR: path.join(os.tmpdir(), 'rendime-half-configured'),
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/refuses to start[\s\S]*ARIREGISTER_USERNAME is not set \(the business register is half configured/);
});

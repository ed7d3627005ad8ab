import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { AriregisterBusinessRegister } from '../src/services/business-register';
import { createTestApp } from '../src/testing/test-app';
import { createTestClock } from '../src/lib/clock';
import { startFakeAriregister } from './fakes/ariregister-fake';

// Issue 30, acceptance 4: the real e-Business Register client against a local fake of its
// esindus_v2 service: a company by its code, its name, and who may represent it.

const REPRESENTATIVE = '38507140211';
const STRANGER = '39901012239';
/** Listed under the company but without the sole right to represent it. */
const JOINT_ONLY = '49403136515';
const SHAREHOLDER = '38001085718';
const FOREIGN = '37605030299';
const COMPANY = {
  name: 'Rendi & Laenuta OÜ',
  representatives: [
    { code: REPRESENTATIVE, firstName: 'Mari', lastName: 'Maasikas', role: 'JUHL' },
    { code: JOINT_ONLY, firstName: 'Liis', lastName: 'Lepp', role: 'JUHL', sole: false },
    { code: SHAREHOLDER, firstName: 'Jaan', lastName: 'Tamm', role: 'S', sole: false },
    // Same digits as an Estonian code, but another country's.
    { code: FOREIGN, firstName: 'Jānis', lastName: 'Bērziņš', role: 'JUHL', country: 'LVA' },
  ],
};

let fake: Awaited<ReturnType<typeof startFakeAriregister>>;
beforeAll(async () => {
  fake = await startFakeAriregister({ '12345678': COMPANY });
});
afterAll(async () => {
  await fake.close();
});

const client = (over: Partial<ConstructorParameters<typeof AriregisterBusinessRegister>[0]> = {}) =>
  new AriregisterBusinessRegister({
    url: fake.url,
    username: 'rendime',
    password: 'ari-secret',
    timeoutMs: 2_000,
    cacheTtlMs: 60_000,
    ...over,
  });
const ask = (personalCode: string, registryCode = '12345678') => ({
  name: 'Rendi OÜ',
  registryCode,
  personName: 'Mari Maasikas',
  personalCode,
});

it('confirms a representative the register lists, under the register’s own company name', async () => {
  expect(await client().validate(ask(REPRESENTATIVE))).toEqual({
    valid: true,
    message: 'Ettevõte Rendi & Laenuta OÜ ja esindaja Mari Maasikas on kontrollitud.',
  });
  expect(fake.state.lastBody).toMatch(/<prod:esindus_v2><prod:keha>[\s\S]*<prod:ariregistri_kood>12345678<\/prod:ariregistri_kood>/);
});

it('refuses a person the register does not list as a representative, and a company it does not have', async () => {
  expect(await client().validate(ask(STRANGER))).toEqual({
    valid: false,
    message: `Isik koodiga ${STRANGER} ei ole äriregistri järgi ettevõtte Rendi & Laenuta OÜ esindaja.`,
  });
  expect(await client().validate(ask(REPRESENTATIVE, '11000003'))).toEqual({
    valid: false,
    message: 'Registrikoodiga 11000003 ettevõtet äriregistris ei ole.',
  });
});

it('refuses a person listed under the company without the sole right to represent it (joint-only board member, shareholder, a foreign code)', async () => {
  for (const code of [JOINT_ONLY, SHAREHOLDER, FOREIGN]) {
    expect(await client().validate(ask(code))).toEqual({
      valid: false,
      message: `Isik koodiga ${code} ei ole äriregistri järgi ettevõtte Rendi & Laenuta OÜ esindaja.`,
    });
  }
});

it('says the register does not answer when it times out or refuses our login, and caches nothing then', async () => {
  fake.state.hangMs = 1_000;
  try {
    const slow = client({ timeoutMs: 200 });
    expect(await slow.validate(ask(REPRESENTATIVE))).toEqual({
      valid: false,
      message: 'Äriregister ei vasta. Proovi mõne minuti pärast uuesti.',
    });
  } finally {
    fake.state.hangMs = 0;
  }
  expect(await client({ password: 'wrong' }).validate(ask(REPRESENTATIVE))).toMatchObject({
    valid: false,
    message: expect.stringMatching(/^Äriregister ei vasta/),
  });
});

it('reuses an answer for its TTL, then asks again', async () => {
  const clock = createTestClock();
  const cached = client({ clock, cacheTtlMs: 60_000 });
  const before = fake.state.requests;
  await cached.validate(ask(REPRESENTATIVE));
  await cached.validate(ask(STRANGER));
  expect(fake.state.requests).toBe(before + 1);
  clock.advance(61_000);
  await cached.validate(ask(REPRESENTATIVE));
  expect(fake.state.requests).toBe(before + 2);
});

it('a business sign-up while the register times out is refused with its message and registers nobody', async () => {
  fake.state.hangMs = 1_000;
  const ctx = await createTestApp({ app: { businessRegister: client({ timeoutMs: 200 }) } });
  try {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/users/register',
      payload: {
        username: 'firma@example.ee',
        password: 'Firma12345',
        type: 'B2B',
        name: 'Rendi OÜ',
        registryCode: '12345678',
        representativeName: 'Mari Maasikas',
        identityCode: REPRESENTATIVE,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Äriregister ei vasta. Proovi mõne minuti pärast uuesti.' });
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'firma@example.ee'))).toEqual([]);
  } finally {
    fake.state.hangMs = 0;
    await ctx.close();
  }
});

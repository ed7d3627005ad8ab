import { expectApiError } from '../src/testing/assertions';
import { createTestApp, type TestContext } from '../src/testing/test-app';

// Issue 15: sign-in, reset, sign-up and contact are throttled per real client address (the shell's
// proxy forwards it; nobody else may claim one) and per target account, and the sign-in lock
// cannot be used to keep an account's owner out.

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestApp({ app: { config: { rateLimits: true } } });
});
afterEach(async () => {
  await ctx.close();
});

/** A request as the shell's proxy (127.0.0.1, a trusted hop) forwards it for a visitor at `address`. */
const from = (address: string) => ({ 'x-forwarded-for': address });
const login = (username: string, password: string, address: string) =>
  ctx.app.inject({ method: 'POST', url: '/login', payload: { username, password }, headers: from(address) });
const register = (username: string, address: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username, password: 'Secret123', type: 'B2C' },
    headers: from(address),
  });

it('throttles password spraying from one address with 429, yet a right password from there signs in (issue 29)', async () => {
  for (let i = 0; i < 3; i++) expect((await register(`user${i}@example.ee`, `10.0.0.${i + 1}`)).statusCode).toBe(200);
  const codes: number[] = [];
  for (let i = 0; i < 40; i++) codes.push((await login(`user${i % 3}-${i}@example.ee`, 'Summer2024', '203.0.113.7')).statusCode);
  expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
  expect(codes.slice(10).every((c) => c === 429)).toBe(true);
  const refused = await login('user1@example.ee', 'Wrong12345', '203.0.113.7');
  expect(expectApiError(refused, 429, 'RATE_LIMITED').message).toBe('Liiga palju katseid. Proovi mõne minuti pärast uuesti.');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  // Everyone behind that office or mobile NAT still signs in with their own password.
  expect((await login('user0@example.ee', 'Secret123', '203.0.113.7')).statusCode).toBe(200);
  expect((await login('user2@example.ee', 'Secret123', '203.0.113.7')).statusCode).toBe(200);
  // Another visitor behind the same proxy is not affected at all.
  expect((await login('user0@example.ee', 'Secret123', '198.51.100.20')).statusCode).toBe(200);
});

it('stops checking passwords from an address past 100 failures in 10 minutes, and lets it in again after', async () => {
  expect((await register('office@example.ee', '10.0.0.1')).statusCode).toBe(200);
  for (let i = 0; i < 100; i++) await login(`spray${i}@example.ee`, 'Summer2024', '203.0.113.70');
  expectApiError(await login('office@example.ee', 'Secret123', '203.0.113.70'), 429, 'RATE_LIMITED');
  ctx.clock.advance(10 * 60 * 1000 + 1000);
  expect((await login('office@example.ee', 'Secret123', '203.0.113.70')).statusCode).toBe(200);
}, 120_000);

it('answers a real and an unknown e-mail alike on every wrong attempt, the 5th locking both (no account enumeration)', async () => {
  expect((await register('real@example.ee', '10.0.0.1')).statusCode).toBe(200);
  const answers = async (username: string, address: string) => {
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await login(username, `Wrong${i}abcd`, address);
      seen.push(`${res.statusCode} ${(res.json() as { code: string }).code}`);
    }
    // The right password of the real account after the lock: the same LOCKED an unknown name gets.
    const last = await login(username, 'Secret123', address);
    seen.push(`${last.statusCode} ${(last.json() as { code: string }).code}`);
    return seen;
  };
  const real = await answers('real@example.ee', '203.0.113.21');
  const unknown = await answers('nobody-here@example.ee', '203.0.113.22');
  expect(real).toEqual(unknown);
  expect(real).toEqual([...Array(4).fill('401 BAD_CREDENTIALS'), ...Array(5).fill('401 LOCKED')]);
});

it('believes X-Forwarded-For only from the trusted proxy', async () => {
  const direct = (forwarded: string, i: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: `nobody${i}@example.ee`, password: 'Wrong1234' },
      headers: from(forwarded),
      remoteAddress: '192.0.2.50',
    });
  // A client talking to the API directly cannot spread its attempts over made-up addresses.
  const codes: number[] = [];
  for (let i = 0; i < 12; i++) codes.push((await direct(`10.1.1.${i}`, i)).statusCode);
  expect(codes.slice(10)).toEqual([429, 429]);
});

it('a victim locked by someone else signs in from their own address and can reset the password', async () => {
  expect((await register('victim@example.ee', '10.0.0.9')).statusCode).toBe(200);
  for (let i = 0; i < 5; i++) await login('victim@example.ee', 'Guess1234', '203.0.113.66');
  expectApiError(await login('victim@example.ee', 'Secret123', '203.0.113.66'), 401, 'LOCKED');
  // The lock binds the address that guessed; the owner elsewhere is not locked out.
  expect((await login('victim@example.ee', 'Secret123', '10.0.0.9')).statusCode).toBe(200);

  // Guessing from many addresses locks the account everywhere...
  for (let i = 0; i < 50; i++) await login('victim@example.ee', `Guess${i}abc`, `198.18.${Math.floor(i / 4)}.${i % 4}`);
  expectApiError(await login('victim@example.ee', 'Secret123', '10.0.0.9'), 401, 'LOCKED');
  // ...until the owner resets the password by mail.
  expect(
    (await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'victim@example.ee' }, headers: from('10.0.0.9') }))
      .statusCode,
  ).toBe(200);
  const [mail] = await ctx.app.outbox.list(1);
  const key = decodeURIComponent(/key=([^\s&]+)/.exec(mail.body)?.[1] ?? '');
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/forgot-pw',
        payload: { hash: key, newPassword: 'Fresh12345' },
        headers: from('10.0.0.9'),
      })
    ).statusCode,
  ).toBe(200);
  expect((await login('victim@example.ee', 'Fresh12345', '10.0.0.9')).statusCode).toBe(200);
});

it('sends at most 3 reset mails to one address an hour, from however many visitors', async () => {
  await register('mailbox@example.ee', '10.0.0.1');
  const codes: number[] = [];
  for (let i = 0; i < 12; i++)
    codes.push(
      (await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'mailbox@example.ee' }, headers: from(`10.9.0.${i}`) }))
        .statusCode,
    );
  expect(codes).toEqual([200, 200, 200, ...Array(9).fill(429)]);
  expect((await ctx.app.outbox.list(20)).filter((m) => m.to === 'mailbox@example.ee' && m.body.includes('key='))).toHaveLength(3);
  ctx.clock.advance(60 * 60 * 1000 + 1000);
  expect(
    (await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'mailbox@example.ee' }, headers: from('10.9.0.1') }))
      .statusCode,
  ).toBe(200);
});

it('limits sign-ups per address', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 15; i++) codes.push((await register(`bulk${i}@example.ee`, '203.0.113.5')).statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(10);
  expectApiError(await register('bulk99@example.ee', '203.0.113.5'), 429, 'RATE_LIMITED');
  expect((await register('someone@example.ee', '203.0.113.6')).statusCode).toBe(200);
});

it('limits the contact form per address', async () => {
  const send = (address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/feedback/contactus',
      payload: { email: 'a@example.ee', content: 'Tere' },
      headers: from(address),
    });
  const codes: number[] = [];
  for (let i = 0; i < 12; i++) codes.push((await send('203.0.113.8')).statusCode);
  expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(2);
  expect((await send('203.0.113.9')).statusCode).toBe(200);
});

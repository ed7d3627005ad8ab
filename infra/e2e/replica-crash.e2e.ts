import { expect, test } from './support/fixtures';
import { adminQuery, startOwnPlatform, type OwnPlatform } from './support/own-platform';

// Issue 29, acceptance 4, on PostgreSQL: two API replicas behind the shell; during 100 concurrent
// bank-link deposits (80 decided PAID at the sandbox bank, 20 abandoned at its page) and contract
// payments from the balance, one replica is killed with SIGKILL. Afterwards: every payment the
// bank confirmed is credited exactly once, no bank-link order is left pending past its expiry,
// the ledger sums to zero with no wallet below zero, and every mail is sent.

const USERS = [
  { username: 'rentija@rendime.ee', password: 'Rentija123' },
  { username: 'kadri@rendime.ee', password: 'Kadri1234' },
  { username: 'omanik@rendime.ee', password: 'Omanik123' },
  { username: 'firma@rendime.ee', password: 'Firma1234' },
];
const FLOWS = 100;

let platform: OwnPlatform;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // TEST_CLOCK: the survivor's clock is moved past the orders' expiry at the end.
  platform = await startOwnPlatform({ prefix: 'crash', apiEnv: { TEST_CLOCK: 'true' } });
});
test.afterAll(async () => {
  await platform?.stop();
});

interface Session {
  id: number;
  cookie: string;
}

async function signIn(base: string, username: string, password: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const me = (await (await fetch(`${base}/api/users/session`, { headers: { cookie } })).json()) as { id: number };
  return { id: me.id, cookie };
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** One deposit through the bank link, as a browser would make it; `decide` false leaves it at the bank page. */
async function deposit(base: string, s: Session, cents: number, decide: boolean): Promise<'decided' | 'abandoned' | 'cut'> {
  try {
    const { paymentUrl } = await json<{ paymentUrl: string }>(
      await fetch(`${base}/api/payment`, {
        method: 'POST',
        headers: { cookie: s.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ payment: { methodOptions: { preferredProvider: 'HABAEE2X' }, amount: cents / 100 } }),
      }),
    );
    if (!decide) return 'abandoned';
    const chosen = await fetch(paymentUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=PAID',
    });
    return chosen.status === 303 ? 'decided' : 'cut';
  } catch {
    // The replica died under this request: the browser gave up.
    return 'cut';
  }
}

test('SIGKILL to a replica during 100 concurrent payments loses no confirmed payment, no hold, no mail, and the ledger balances', async () => {
  test.setTimeout(300_000);
  const { shellOrigin: base, dbName, apis } = platform;
  const sessions = await Promise.all(USERS.map((u) => signIn(base, u.username, u.password)));
  const started = new Date().toISOString();
  const unpaid = await json<{ unpaidContracts: { id: number }[] }>(
    await fetch(`${base}/api/payment/unpaid-contracts`, { headers: { cookie: sessions[0].cookie } }),
  );

  const flows: Promise<unknown>[] = [];
  for (let i = 0; i < FLOWS; i++) {
    const s = sessions[i % sessions.length];
    flows.push(deposit(base, s, 100 + i, i % 5 !== 4));
    // The renter's waiting contracts are paid from the balance in the middle of it all.
    if (i === FLOWS / 2)
      for (const c of unpaid.unpaidContracts)
        flows.push(
          fetch(`${base}/api/payment/contract?contracts=${c.id}`, { method: 'PUT', headers: { cookie: sessions[0].cookie } }).catch(
            () => null,
          ),
        );
  }
  // Killed once a quarter of the bank's decisions are in.
  const victim = apis[0];
  await expect
    .poll(
      async () =>
        Number((await adminQuery<{ n: number }>(`select count(*)::int as n from sandbox_bank_orders where decided`, [], dbName))[0].n),
      { timeout: 60_000, intervals: [50] },
    )
    .toBeGreaterThanOrEqual(FLOWS / 5);
  victim.child.kill('SIGKILL');
  await Promise.all(flows);
  expect(await victim.exited).toBeNull();
  const survivor = apis[1];

  const count = async (query: string) => Number((await adminQuery<{ n: number }>(query, [], dbName))[0].n);
  // First the bank's notifications: the dead replica's claims lapse after their lease (60 s) and
  // the survivor's job rounds (every 5 s) deliver them.
  await expect
    .poll(
      () =>
        count(`select (select count(*) from jobs where name = 'webhook.deliver' and done_ts is null)
                    + (select count(*) from sandbox_bank_orders o where decided and not exists (
                         select 1 from payment_orders p where p.merchant_reference = o."order"->>'merchantReference' and p.status = 'PAID')) as n`),
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(0);
  // Then past every order's expiry on the survivor's clock: the abandoned ones are closed, and
  // every mail is out.
  await json(
    await fetch(`${survivor.base}/sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * 3_600_000 }),
    }),
  );
  await expect
    .poll(
      () =>
        count(
          `select (select count(*) from payment_orders where status = 'PENDING') + (select count(*) from jobs where name = 'mail.send' and done_ts is null) as n`,
        ),
      {
        timeout: 60_000,
        intervals: [1_000],
      },
    )
    .toBe(0);

  // Every order the bank confirmed is PAID, each with its own deposit (one payment row).
  const [paid] = await adminQuery<{ confirmed: number; credited: number; payments: number }>(
    `select (select count(*)::int from sandbox_bank_orders where decided) as confirmed,
            (select count(*)::int from payment_orders where status = 'PAID' and created_ts >= $1) as credited,
            (select count(distinct payment_id)::int from payment_orders where status = 'PAID' and created_ts >= $1) as payments`,
    [started],
    dbName,
  );
  expect(paid.credited).toBe(paid.confirmed);
  expect(paid.payments).toBe(paid.confirmed);
  expect(paid.confirmed).toBeGreaterThanOrEqual(FLOWS / 5);
  const [ledger] = await adminQuery<{ sum: string | null; unbalanced: number; negative: number }>(
    `select (select coalesce(sum(amount_cents), 0) from ledger_entries)::text as sum,
            (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) t) as unbalanced,
            (select count(*)::int from (select account from ledger_entries where account like 'user:%:wallet' group by account having sum(amount_cents) < 0) w) as negative`,
    [],
    dbName,
  );
  expect(ledger).toEqual({ sum: '0', unbalanced: 0, negative: 0 });
  // Every mail queued in the run was sent, none gave up.
  const [mail] = await adminQuery<{ failed: number }>(
    `select count(*)::int as failed from jobs where name = 'mail.send' and last_error is not null and done_ts is not null`,
    [],
    dbName,
  );
  expect(mail.failed).toBe(0);
});

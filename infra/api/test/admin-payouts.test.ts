import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { AccountHistory, AuditLog, MarkPaidAnswer, PAYOUT_MSG_ID_HEADER, PendingPayoutList, WithdrawalAnswer } from 'shared-kernel/schemas';
import { validateXML } from 'xmllint-wasm';
import { payments, users } from '../src/db/schema';
import { accountBalance, accounts } from '../src/repositories/ledger';
import { runMoneySweep } from '../src/services/payments/money-jobs';
import { buildPain001, centsToDecimal } from '../src/services/operator/sepa-pain001';
import { expectApiError, ledgerProblems, tableDigest } from '../src/testing/assertions';
import { demoCaller, fundWallet, type DemoCall } from '../src/testing/demo-calls';
import { createTestApp, demoUserIds, type TestContext } from '../src/testing/test-app';

// Issue 31, acceptance 5: a withdrawal made on the Thursday before Good Friday shows the right
// expected date; the operator's export is a pain.001 document valid against the ISO 20022 XSD
// with the right IBAN and amount; after 'mark paid' the user's history shows it paid.

const XSD = fs.readFileSync(path.join(__dirname, 'fixtures/pain.001.001.03.xsd'), 'utf8');
const IBAN = 'EE382200221020145685';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoUserIds>>;

const call: DemoCall = (...args) => demoCaller(ctx, ids)(...args);
const money = () => tableDigest(ctx.database.db, ['payments', 'ledger_transactions', 'ledger_entries', 'operator_audit_log']);

async function validate(xml: string) {
  return validateXML({ xml: [{ fileName: 'payout.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.03.xsd', contents: XSD }] });
}

async function withdraw(who: 'renter' | 'secondOwner', euros: number): Promise<number> {
  const res = await call(who, 'POST', '/payment/withdrawal', { amount: euros });
  expect(res.statusCode).toBe(200);
  return WithdrawalAnswer.parse(res.json()).paymentId;
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ids = await demoUserIds(ctx);
  await ctx.database.db.update(users).set({ accountNr: IBAN }).where(eq(users.id, ids.renter));
  await ctx.database.db.update(users).set({ accountNr: 'EE471000001020145685' }).where(eq(users.id, ids.secondOwner));
  await fundWallet(ctx, ids.renter, 100_00, 'renter');
  await fundWallet(ctx, ids.secondOwner, 100_00, 'second');
});
afterAll(async () => {
  await ctx.close();
});

describe('the pain.001 document', () => {
  it('writes integer cents as euros without floating point, and escapes names', async () => {
    expect([1, 10, 100, 1234, 123456789].map(centsToDecimal)).toEqual(['0.01', '0.10', '1.00', '12.34', '1234567.89']);
    expect(() => centsToDecimal(0)).toThrow();
    const xml = buildPain001({
      msgId: 'M1',
      createdAt: new Date('2026-04-02T07:00:00.000Z'),
      executionDate: '2026-04-02',
      debtor: { name: 'Rendime OÜ', iban: IBAN },
      transfers: [
        { endToEndId: 'E1', amountCents: 1, creditor: { name: 'Tõnu <&> "Ä"', iban: 'ee47 1000 0010 2014 5685' }, remittance: 'x' },
      ],
    });
    expect(xml).toContain('<Nm>Tõnu &lt;&amp;&gt; &quot;Ä&quot;</Nm>');
    expect(xml).toContain('<IBAN>EE471000001020145685</IBAN>');
    // Without a BIC the debtor's agent is NOTPROVIDED; still valid.
    expect((await validate(xml)).valid).toBe(true);
  });

  it('the schema check is real: a file with a float amount or no creditor account fails it', async () => {
    const good = buildPain001({
      msgId: 'M2',
      createdAt: new Date('2026-04-02T07:00:00.000Z'),
      executionDate: '2026-04-02',
      debtor: { name: 'Rendime OÜ', iban: IBAN, bic: 'HABAEE2X' },
      transfers: [{ endToEndId: 'E2', amountCents: 500, creditor: { name: 'Mari', iban: IBAN }, remittance: 'x' }],
    });
    expect((await validate(good)).valid).toBe(true);
    expect((await validate(good.replace('<CtrlSum>5.00</CtrlSum>', '<CtrlSum>five</CtrlSum>'))).valid).toBe(false);
    expect((await validate(good.replace(/<CdtrAcct>.*?<\/CdtrAcct>/, '<CdtrAcct><Id></Id></CdtrAcct>'))).valid).toBe(false);
  });
});

describe('a withdrawal from request to paid (acceptance 5)', () => {
  it('shows its expected date, exports as a valid SEPA file, and is paid only when the operator says so', async () => {
    // Thursday 2 April 2026, 10:00 in Tallinn; Friday the 3rd is Good Friday.
    ctx.clock.set('2026-04-02T07:00:00Z');
    const paymentId = await withdraw('renter', 12.34);
    const history = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history')).json());
    expect(history.find((h) => h.id === paymentId)).toMatchObject({ status: 'PENDING', expectedDate: '2026-04-08', completedTs: null });

    // The clock alone pays nothing out any more.
    ctx.clock.advance(10 * 86_400_000);
    await runMoneySweep(ctx.app, ctx.app.bankLink);
    const due = PendingPayoutList.parse((await call('admin', 'GET', '/admin/payouts')).json());
    const row = due.find((p) => p.paymentId === paymentId);
    expect(row).toMatchObject({
      userId: ids.renter,
      iban: IBAN,
      ibanValid: true,
      amountCents: 1234,
      expectedDate: '2026-04-08',
      exportedMsgId: null,
    });

    const other = await withdraw('secondOwner', 50);
    const exported = await call('admin', 'POST', '/admin/payouts/export', { paymentIds: [paymentId, other] });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/xml/);
    const xml = exported.body;
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const msgId = exported.headers[PAYOUT_MSG_ID_HEADER] as string;
    expect(xml).toContain(`<MsgId>${msgId}</MsgId>`);
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>62.34</CtrlSum>');
    const fragment = xml.split('<CdtTrfTxInf>').find((p) => p.includes(`<EndToEndId>RENDIME-W${paymentId}</EndToEndId>`)) as string;
    expect(fragment).toContain('<InstdAmt Ccy="EUR">12.34</InstdAmt>');
    expect(fragment).toContain(`<IBAN>${IBAN}</IBAN>`);
    expect(xml).toContain('<DbtrAcct><Id><IBAN>EE382200221020145685</IBAN></Id></DbtrAcct>');

    // Exported once, the payout is in no second file unless the operator asks for it again (a lost file)…
    const exportedTwice = expectApiError(
      await call('admin', 'POST', '/admin/payouts/export', { paymentIds: [paymentId] }),
      409,
      'ALREADY_EXPORTED',
    );
    expect(exportedTwice.message).toBe(
      `Väljamakse ${paymentId} on juba maksefaili ${msgId} eksporditud. Sama faili uuesti koostamiseks vali uuesti eksportimine.`,
    );
    // …and then it has its own MsgId and the same EndToEndId.
    const again = await call('admin', 'POST', '/admin/payouts/export', { paymentIds: [paymentId], reexport: true });
    expect(again.headers[PAYOUT_MSG_ID_HEADER]).not.toBe(msgId);
    expect(again.body).toContain(`<EndToEndId>RENDIME-W${paymentId}</EndToEndId>`);

    const owedBefore = await accountBalance(ctx.database.db, accounts.payoutsPending);
    const bankBefore = await accountBalance(ctx.database.db, accounts.payouts);
    const paid = MarkPaidAnswer.parse((await call('admin', 'PUT', '/admin/payouts/mark-paid', { paymentIds: [paymentId] })).json());
    expect(paid).toEqual({ paidPaymentIds: [paymentId], paidCents: 1234 });
    expect(await accountBalance(ctx.database.db, accounts.payoutsPending)).toBe(owedBefore - 1234);
    expect(await accountBalance(ctx.database.db, accounts.payouts)).toBe(bankBefore + 1234);
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });

    const after = AccountHistory.parse((await call('renter', 'GET', '/payment/my-account-history')).json());
    expect(after.find((h) => h.id === paymentId)).toMatchObject({
      status: 'COMPLETED',
      expectedDate: null,
      completedTs: ctx.clock.now().toISOString(),
    });
    const list = PendingPayoutList.parse((await call('admin', 'GET', '/admin/payouts')).json());
    expect(list.map((p) => p.paymentId)).toEqual([other]);

    // Paying it twice is refused; the log has the export and the payout, by the admin.
    const twice = expectApiError(
      await call('admin', 'PUT', '/admin/payouts/mark-paid', { paymentIds: [paymentId] }),
      409,
      'INVALID_STATUS',
    );
    expect(twice.message).toBe(messages.errors.operator.payoutsNotPending);
    const log = AuditLog.parse((await call('admin', 'GET', '/admin/audit-log')).json());
    expect(log.filter((l) => l.action === 'PAYOUT_PAID').map((l) => [l.actorId, l.paymentId, l.targetUserId])).toEqual([
      [ids.admin, paymentId, ids.renter],
    ]);
    expect(log.filter((l) => l.action === 'PAYOUTS_EXPORTED')).toHaveLength(2);
  });

  it('two parallel exports of the same withdrawal: exactly one file, the other a 409 in Estonian', async () => {
    const paymentId = await withdraw('secondOwner', 3);
    const both = await Promise.all([1, 2].map(() => call('admin', 'POST', '/admin/payouts/export', { paymentIds: [paymentId] })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'ALREADY_EXPORTED' });
  });

  it('refuses to mark paid what was never exported, and to export a payout to a user without a valid IBAN; nothing changes', async () => {
    const fresh = await withdraw('secondOwner', 1);
    let before = await money();
    const r1 = expectApiError(await call('admin', 'PUT', '/admin/payouts/mark-paid', { paymentIds: [fresh] }), 409, 'INVALID_STATUS');
    expect(r1.message).toContain(String(fresh));
    expect(await money()).toBe(before);

    await ctx.database.db.update(users).set({ accountNr: 'EE382200221020145686' }).where(eq(users.id, ids.secondOwner));
    before = await money();
    const r2 = expectApiError(await call('admin', 'POST', '/admin/payouts/export', { paymentIds: [fresh] }), 409, 'NO_ACCOUNT_NR');
    expect(r2.message).toMatch(/pangakonto number puudub või on vigane/);
    expect(await money()).toBe(before);
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.id, fresh));
    expect(row).toMatchObject({ status: 'PENDING', payoutMsgId: null });
  });
});

describe('authorization matrix', () => {
  const endpoints = [
    { method: 'GET' as const, url: '/admin/payouts' },
    { method: 'POST' as const, url: '/admin/payouts/export', body: { paymentIds: [1] } },
    { method: 'PUT' as const, url: '/admin/payouts/mark-paid', body: { paymentIds: [1] } },
  ];

  it('anonymous gets 401, renter, owner, other user, limited and need-ID get 403; nothing changes', async () => {
    const before = await money();
    for (const e of endpoints) {
      expectApiError(await call(undefined, e.method, e.url, e.body), 401, 'UNAUTHORIZED');
      for (const who of ['renter', 'privateOwner', 'secondOwner', 'limited', 'needsId'] as const) {
        expectApiError(await call(who, e.method, e.url, e.body), 403, 'FORBIDDEN');
      }
    }
    expect(await money()).toBe(before);
  });

  it('the admin reads the due list', async () => {
    expect((await call('admin', 'GET', '/admin/payouts')).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined],
    ['no ids', {}],
    ['an empty list', { paymentIds: [] }],
    ['a repeated id', { paymentIds: [1, 1] }],
    ['a text id', { paymentIds: ['a'] }],
    ['a negative id', { paymentIds: [-1] }],
    ['a fractional id', { paymentIds: [1.5] }],
    ['too many ids', { paymentIds: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ['malformed JSON', '{"paymentIds":['],
  ])('%s is a 400 in Estonian for export and mark-paid, and changes nothing', async (_name, body) => {
    const before = await money();
    for (const [method, url] of [
      ['POST', '/admin/payouts/export'],
      ['PUT', '/admin/payouts/mark-paid'],
    ] as const) {
      const res = await call('admin', method, url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(/expected|invalid input|required/i);
    }
    expect(await money()).toBe(before);
  });

  it('an id that is no pending withdrawal is a 409, not a 500', async () => {
    expectApiError(await call('admin', 'POST', '/admin/payouts/export', { paymentIds: [2147483647] }), 409, 'INVALID_STATUS');
    expectApiError(await call('admin', 'PUT', '/admin/payouts/mark-paid', { paymentIds: [2147483647] }), 409, 'INVALID_STATUS');
  });
});

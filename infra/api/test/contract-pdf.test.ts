import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';

import { additionalServices, contracts, products, reservationAdditionalServices, reservations } from '../src/db/schema';
import { refundScheduleLines } from '../src/services/contract-pdf';
import { createTestApp, type TestContext, demoCast, type DemoCast, type DemoKey } from '../src/testing/test-app';
import { expectApiError, tableDigest } from '../src/testing/assertions';

// GET /contracts/document/{id} and GET /reservations/hash/{hash}/contract/document: the contract
// PDF of issue 10. The text is read back with poppler's pdftotext, as a person reading it would.

let ctx: TestContext;
const fixture = { contractId: 0, hash: 'PdfFixtureHash0000000001', noContractHash: 'PdfFixtureHash0000000002', manualContractId: 0 };
const PRODUCT_NAME = 'Sõiduk Äkke Öö Üks';
const ACCEPTED_TEXT = 'Võti on postkastis; <b>ära</b> & "jutumärgid" jäävad tekstiks.';

const CAST = {
  renter: 'renter',
  owner: 'businessOwner',
  other: 'secondOwner',
  admin: 'admin',
  limited: 'limited',
  needsId: 'needsId',
  privateOwner: 'privateOwner',
} as const satisfies Record<string, DemoKey>;
type Who = keyof typeof CAST;
let ids: Record<Who, number>;
let as: DemoCast<Who>['as'];

const byId = async (who: Who | undefined, id: number | string = fixture.contractId) =>
  ctx.app.inject({ url: `/contracts/document/${id}`, headers: await as(who) });
const byHash = async (who: Who | undefined, hash: string = fixture.hash) =>
  ctx.app.inject({ url: `/reservations/hash/${hash}/contract/document`, headers: await as(who) });

const expectError = expectApiError;

/** All whitespace (the no-break space of euro amounts, pdftotext's layout gaps) as one space. */
const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The PDF's text as pdftotext reads it; a machine without it fails here, loudly. */
function pdfText(pdf: Buffer): string {
  const res = spawnSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('pdftotext is not installed: `apt-get install -y poppler-utils` (npm test installs it when missing)');
  }
  if (res.status !== 0) throw new Error(`pdftotext failed (${res.status}): ${res.stderr}`);
  return res.stdout;
}

const bookingTables = () => tableDigest(ctx.database.db, ['reservations', 'contracts', 'notifications', 'mail_outbox']);

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  const db = ctx.database.db;
  ({ ids, as } = await demoCast(ctx, CAST));
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.userId, ids.owner)).orderBy(products.id).limit(1);
  await db
    .update(products)
    .set({ name: PRODUCT_NAME, costCents: 50000, locationDescription: 'Pärnu mnt 10, Tallinn' })
    .where(eq(products.id, product.id));
  const [service] = await db
    .insert(additionalServices)
    .values({ productId: product.id, name: 'Haagise kinnitusrihmad', costCents: 1550 })
    .returning();

  // 10 June 09:00 – 12 June 17:30 in Tallinn (summer time, UTC+3).
  const [reservation] = await db
    .insert(reservations)
    .values({
      hash: fixture.hash,
      productId: product.id,
      userId: ids.renter,
      productOwnerId: ids.owner,
      status: 'ACCEPTED',
      startTs: new Date('2025-06-10T06:00:00Z'),
      endTs: new Date('2025-06-12T14:30:00Z'),
      priceCents: 10000,
      additionalServiceCostCents: 1550,
      vatRateBp: 2400,
      priceTier: 'day',
      acceptedText: ACCEPTED_TEXT,
    })
    .returning();
  await db
    .insert(reservationAdditionalServices)
    .values({ reservationId: reservation.id, additionalServiceId: service.id, costCents: 1550 });
  // VAT 24 % of 115.50 € = 27.72 €; fee 10 % of the services = 1.55 €; total 144.77 €.
  const [contract] = await db
    .insert(contracts)
    .values({
      reservationId: reservation.id,
      productId: product.id,
      renterId: ids.renter,
      ownerId: ids.owner,
      status: 'ACCEPTED',
      startTs: reservation.startTs,
      endTs: reservation.endTs,
      amountCents: 10000,
      vatCents: 2772,
      feeCents: 155,
      additionalServiceCostCents: 1550,
      createdTs: new Date('2025-06-02T08:00:00Z'),
    })
    .returning();
  fixture.contractId = contract.id;

  await db.insert(reservations).values({
    hash: fixture.noContractHash,
    productId: product.id,
    userId: ids.renter,
    productOwnerId: ids.owner,
    status: 'REQUESTED',
    startTs: new Date('2025-07-01T06:00:00Z'),
    endTs: new Date('2025-07-02T06:00:00Z'),
    priceCents: 5000,
  });

  // A manual rent: no renter account, the person's name and phone stand in; paid later.
  const [manual] = await db
    .insert(reservations)
    .values({
      hash: 'PdfFixtureHash0000000003',
      productId: product.id,
      userId: null,
      productOwnerId: ids.owner,
      kind: 'MANUAL',
      status: 'MANUAL',
      startTs: new Date('2025-08-01T06:00:00Z'),
      endTs: new Date('2025-08-02T06:00:00Z'),
      personName: 'Jüri Õunapuu',
      personPhone: '+372 5555 0000',
      acceptedText: `Pikk märkus ${'kõik on korras ja tingimused loetud '.repeat(120)}${'ü'.repeat(400)}`,
    })
    .returning();
  const [manualContract] = await db
    .insert(contracts)
    .values({
      reservationId: manual.id,
      productId: product.id,
      renterId: null,
      ownerId: ids.owner,
      status: 'MANUAL',
      startTs: manual.startTs,
      endTs: manual.endTs,
      amountCents: 4000,
      paidLater: true,
    })
    .returning();
  fixture.manualContractId = manualContract.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('the contract PDF', () => {
  it('is a PDF download for the renter and the owner, by id and by reservation hash', async () => {
    for (const who of ['renter', 'owner'] as const) {
      for (const res of [await byId(who), await byHash(who)]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="rendileping-${fixture.contractId}.pdf"`);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
    }
  });

  it('states the parties, the product, the period in Tallinn time, the prices and the rules, in Estonian letters', async () => {
    const text = squash(pdfText((await byId('renter')).rawPayload));
    expect(text).toContain(`Rendileping nr ${fixture.contractId}`);
    expect(text).toContain('Lepingu kuupäev: 02.06.2025');
    expect(text).toContain('Staatus: Rent aktiivne');
    // The owner is a business: registry code and representative; the renter a person: isikukood.
    for (const part of [
      'Rendileandja',
      'Rendiäri OÜ',
      'Registrikood 12345678',
      'Esindaja Peeter Põder',
      '+37255534567',
      'firma@rendime.ee',
    ]) {
      expect(text).toContain(part);
    }
    for (const part of ['Rentnik', 'Mari Maasikas', 'Isikukood 49002280001', '+37255512345', 'rentija@rendime.ee'])
      expect(text).toContain(part);
    expect(text).toContain(PRODUCT_NAME);
    expect(text).toMatch(/õ.*ä.*ö.*ü/i);
    expect(text).toContain('Tagatisraha 500,00 €');
    expect(text).toContain('Pärnu mnt 10, Tallinn');
    expect(text).toContain('Rendiperiood: 10.06.2025 09:00 – 12.06.2025 17:30');
    expect(text).toContain('Rendihind (käibemaksuta) 100,00 €');
    expect(text).toContain('Käibemaks (24%) 27,72 €');
    expect(text).toContain('Platvormi teenustasu 1,55 €');
    expect(text).toContain('Lisateenused 15,50 €');
    expect(text).toContain('Haagise kinnitusrihmad 15,50 €');
    expect(text).toContain('Kokku koos käibemaksuga 144,77 €');
    expect(text).toContain('Tasumine toimub platvormi kaudu enne rendi algust.');
    // The owner's text is drawn as it was written, markup and all.
    expect(text).toContain(ACCEPTED_TEXT);
    expect(refundScheduleLines()).toEqual(['üle 48 tunni: 100%', '48–24 tundi: 75%', '24–12 tundi: 50%', 'alla 12 tunni: 0%']);
    for (const line of refundScheduleLines()) expect(text).toContain(line);
    expect(text).toContain('kahekordset päeva- või tunnitasu');
    expect(text).toContain('7 päeva renditasu');
    expect(text).toContain('kahekordne kogu rendiperioodi hind');
    expect(text).toContain('rendiperiood pikeneb kuni tagastamiseni');
    expect(text).toContain(`Rendileping nr ${fixture.contractId} · Lk 1/1`);
  });

  it('is the same document by hash as by id', async () => {
    expect(squash(pdfText((await byHash('owner')).rawPayload))).toBe(squash(pdfText((await byId('renter')).rawPayload)));
  });

  it('names the person of a manual rent, says it is paid later, and wraps a long note onto more pages', async () => {
    const res = await byId('owner', fixture.manualContractId);
    expect(res.statusCode).toBe(200);
    const raw = pdfText(res.rawPayload);
    const pages = raw.split('\f').filter((p) => p.trim()).length;
    expect(pages).toBeGreaterThan(1);
    const text = squash(raw);
    expect(text).toContain('Jüri Õunapuu');
    expect(text).toContain('+372 5555 0000');
    expect(text).toContain('Tasumine toimub hiljem rendileandja esitatud arve alusel.');
    expect(text).toContain(`Lk ${pages}/${pages}`);
    // A 400-letter word is cut into lines, not drawn off the page: every letter is still there.
    expect(raw.replace(/[^ü]/g, '').length).toBeGreaterThanOrEqual(400);
  });

  it('is made in well under a second', async () => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) expect((await byId('renter')).statusCode).toBe(200);
    expect((performance.now() - started) / 5).toBeLessThan(1000);
  });
});

describe('who may read it', () => {
  it('asks for a sign-in first', async () => {
    expectError(await byId(undefined), 401, 'UNAUTHORIZED');
    expectError(await byHash(undefined), 401, 'UNAUTHORIZED');
    expectError(await byHash(undefined, fixture.noContractHash), 401, 'UNAUTHORIZED');
  });

  it('answers anyone but the two parties as if the contract did not exist', async () => {
    for (const who of ['other', 'admin', 'limited', 'needsId', 'privateOwner'] as const) {
      const unknown = expectError(await byId(who, 2147483647), 404, 'NOT_FOUND');
      expect(expectError(await byId(who), 404, 'NOT_FOUND')).toEqual(unknown);
      const unknownHash = expectError(await byHash(who, 'NoSuchReservationHash01'), 404, 'NOT_FOUND');
      expect(expectError(await byHash(who), 404, 'NOT_FOUND')).toEqual(unknownHash);
      expect(expectError(await byHash(who, fixture.noContractHash), 404, 'NOT_FOUND')).toEqual(unknownHash);
    }
    // The renter of someone else's manual rent has no part in it either.
    expectError(await byId('renter', fixture.manualContractId), 404, 'NOT_FOUND');
  });

  it('tells a party whose reservation has no contract yet that there is none', async () => {
    for (const who of ['renter', 'owner'] as const) {
      expect(expectError(await byHash(who, fixture.noContractHash), 404, 'NOT_FOUND').message).toBe('Lepingut ei leitud');
    }
  });
});

describe('bad input: 4xx with a code, nothing changed', () => {
  it('refuses broken ids and hashes', async () => {
    const before = await bookingTables();
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '%00', '1e3x'])
      expectError(await byId('renter', id), 400, 'VALIDATION_ERROR');
    for (const hash of ['short', 'has$dollar$signs', 'x'.repeat(65), '%00%00%00%00%00%00%00%00', "PdfFixture'--xx"]) {
      expectError(await byHash('renter', encodeURIComponent(hash)), 400, 'VALIDATION_ERROR');
    }
    expectError(await byId('renter', 123456789), 404, 'NOT_FOUND');
    expect(await bookingTables()).toBe(before);
  });
});

import { eq } from 'drizzle-orm';
import { FeedbackList } from 'shared-kernel/schemas';
import { contracts, problemReports, products, reservations } from '../src/db/schema';
import { cookieHeader, createTestApp, demoCast, type TestContext } from '../src/testing/test-app';

let ctx: TestContext;
let renterToken: string;
let ownerToken: string;
let renterId: number;
let ownerId: number;
let productId: number;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  const cast = await demoCast(ctx, { renter: 'needsId', owner: 'privateOwner' });
  renterToken = await cast.token('renter');
  ownerToken = await cast.token('owner');
  ({ renter: renterId, owner: ownerId } = cast.ids);
  const [p] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.userId, ownerId)).limit(1);
  productId = p.id;
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, token: string | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: cookieHeader(token), payload });

let rentals = 0;
async function rent(status: 'ACCEPTED' | 'CAPTURED' | 'REQUESTED' | 'FINISHED'): Promise<number> {
  // Each rental gets its own week: the database refuses overlapping rentals of one product.
  const start = new Date(Date.parse('2025-05-01T08:00:00Z') + rentals * 7 * 86_400_000);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  rentals++;
  const [r] = await ctx.database.db
    .insert(reservations)
    .values({
      hash: `h-${status}-${Math.random()}`,
      productId,
      userId: renterId,
      productOwnerId: ownerId,
      status,
      startTs: start,
      endTs: end,
    })
    .returning();
  if (status === 'REQUESTED') return r.id;
  const [c] = await ctx.database.db
    .insert(contracts)
    .values({
      reservationId: r.id,
      productId,
      renterId,
      ownerId,
      status,
      startTs: start,
      endTs: end,
      // 'Toode käes' (ADR 0043): the handover that opens reviews and problem reports.
      renterReceivedTs: status === 'ACCEPTED' ? null : start,
    })
    .returning();
  return c.id;
}

describe('POST /feedback/', () => {
  it('refuses a user without a rental with the spec message', async () => {
    const res = await post('/feedback/', renterToken, { userId: renterId, productId, rating: 4, comment: 'Hea' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('User has no rights for feedback.');
    // A request that the owner has not accepted gives no right either.
    await rent('REQUESTED');
    expect((await post('/feedback/', renterToken, { userId: renterId, productId, rating: 4, comment: 'Hea' })).json().message).toBe(
      'User has no rights for feedback.',
    );
    // Nor may the owner review their own product.
    const own = await post('/feedback/', ownerToken, { userId: ownerId, productId, rating: 5, comment: 'Super' });
    expect(own.json().message).toBe('User has no rights for feedback.');
  });

  it('refuses a review and a problem report of a paid rental before the handover (issue 31), in Estonian', async () => {
    const contractId = await rent('ACCEPTED');
    const review = await post('/feedback/', renterToken, { userId: renterId, productId, rating: 4, comment: 'Varajane' });
    expect(review.json()).toMatchObject({
      code: 'NOT_HANDED_OVER',
      message: expect.stringContaining('pärast seda, kui rentija on toote kätte saanud'),
    });
    expect(review.statusCode).toBe(409);
    for (const [token, userId] of [
      [ownerToken, ownerId],
      [renterToken, renterId],
    ] as const) {
      const report = await post('/feedback/problem', token, { userId, productId, comment: 'Toode oli katki', contractId });
      expect({ status: report.statusCode, code: report.json().code }).toEqual({ status: 409, code: 'NOT_HANDED_OVER' });
    }
    expect(await ctx.database.db.select().from(problemReports).where(eq(problemReports.contractId, contractId))).toHaveLength(0);
    await ctx.database.db.update(contracts).set({ status: 'CANCELLED' }).where(eq(contracts.id, contractId));
  });

  it('saves the review of a renter with a rental, once per rental', async () => {
    const contractId = await rent('FINISHED');
    const res = await post('/feedback/', renterToken, { userId: renterId, productId, rating: 4.5, comment: 'Kõik sujus.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 4.5, contractId, productId, userId: renterId, comment: 'Kõik sujus.' });
    const list = FeedbackList.parse((await ctx.app.inject({ url: `/feedback/${productId}` })).json());
    expect(list.find((f) => f.userId === renterId)).toMatchObject({ rating: 4.5, author: 'Uus K.' });
    const twice = await post('/feedback/', renterToken, { userId: renterId, productId, rating: 3, comment: '' });
    expect(twice.statusCode).toBe(409);
  });

  it('checks the body user against the session and the rating range', async () => {
    expect((await post('/feedback/', undefined, { userId: renterId, productId, rating: 4, comment: '' })).statusCode).toBe(401);
    const spoof = await post('/feedback/', renterToken, { userId: ownerId, productId, rating: 4, comment: '' });
    expect(spoof.statusCode).toBe(403);
    expect(spoof.json().code).toBe('FORBIDDEN');
    for (const rating of [0, 5.5, 3.3, 'x']) {
      expect((await post('/feedback/', renterToken, { userId: renterId, productId, rating, comment: '' })).statusCode).toBe(400);
    }
    expect((await post('/feedback/', renterToken, { userId: renterId, productId: 999999, rating: 4, comment: '' })).statusCode).toBe(404);
  });

  it('answers 404 for the list of an unknown product', async () => {
    expect((await ctx.app.inject({ url: '/feedback/999999' })).statusCode).toBe(404);
  });
});

describe('POST /feedback/problem', () => {
  it('lets the owner file a complaint and refuses an empty one', async () => {
    const empty = await post('/feedback/problem', ownerToken, { userId: ownerId, productId, comment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Probleem on sõnastamata.');
    const contractId = await rent('CAPTURED');
    const res = await post('/feedback/problem', ownerToken, {
      userId: ownerId,
      productId,
      comment: 'Haagis tagastati katkise tulega.',
      contractId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'OPEN', contractId });
    const rows = await ctx.database.db.select().from(problemReports).where(eq(problemReports.productId, productId));
    expect(rows).toHaveLength(1);
  });

  it('refuses strangers, spoofed users and contracts of other products', async () => {
    const stranger = await post('/feedback/problem', renterToken, { userId: renterId, productId, comment: 'Probleem' });
    expect(stranger.statusCode).toBe(403);
    // The spec quotes no server text for this refusal (unlike feedback's English one), so it is the catalogue's Estonian.
    expect(stranger.json()).toMatchObject({ code: 'NO_RIGHTS', message: 'Kasutajal pole õigust selle toote kohta probleemi esitada.' });
    const spoof = await post('/feedback/problem', renterToken, { userId: ownerId, productId, comment: 'Probleem' });
    expect(spoof.statusCode).toBe(403);
    const contractId = await rent('ACCEPTED');
    const otherProduct = productId === 1 ? 2 : 1;
    const wrong = await post('/feedback/problem', ownerToken, { userId: ownerId, productId: otherProduct, comment: 'x', contractId });
    expect(wrong.statusCode).toBe(404);
  });
});

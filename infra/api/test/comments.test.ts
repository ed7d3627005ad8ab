import { eq } from 'drizzle-orm';
import { CommentList } from 'shared-kernel/schemas';
import { comments, products } from '../src/db/schema';
import { cookieHeader, createTestApp, demoCast, type TestContext } from '../src/testing/test-app';

let ctx: TestContext;
let renter: string;
let other: string;
let ownerToken: string;
let productId: number;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  const cast = await demoCast(ctx, { renter: 'needsId', other: 'secondOwner', owner: 'privateOwner' });
  renter = await cast.token('renter');
  other = await cast.token('other');
  // A product of the private owner without demo questions.
  const list = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.userId, cast.ids.owner));
  const withQuestions = new Set((await ctx.database.db.select({ p: comments.productId }).from(comments)).map((r) => r.p));
  const candidates = await ctx.database.db.query.products.findMany({ where: (p, { eq: e }) => e(p.deleted, false) });
  productId = list.map((r) => r.id).find((id) => !withQuestions.has(id) && candidates.some((c) => c.id === id))!;
  ownerToken = await cast.token('owner');
});
afterAll(async () => {
  await ctx.close();
});

const ask = (token: string | undefined, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/comments', headers: cookieHeader(token), payload: body });
const list = async (token?: string) =>
  CommentList.parse((await ctx.app.inject({ url: `/comments/${productId}`, headers: cookieHeader(token) })).json());

describe('questions on a product', () => {
  it('needs a signed-in user and a non-empty text', async () => {
    expect((await ask(undefined, { comment: 'Tere?', productId })).statusCode).toBe(401);
    const empty = await ask(renter, { comment: '   ', productId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('EMPTY_COMMENT');
    expect((await ask(renter, { comment: 'x', productId: 999999 })).statusCode).toBe(404);
  });

  it('allows two own questions per product, the third gets "Liiga palju sisestusi"', async () => {
    expect((await ask(renter, { comment: 'Kas saab nädalavahetusel?', productId })).statusCode).toBe(201);
    expect((await ask(renter, { comment: 'Kas haakekonks on kaasas?', productId })).statusCode).toBe(201);
    const third = await ask(renter, { comment: 'Ja veel üks?', productId });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ code: 'TOO_MANY_ENTRIES', message: 'Liiga palju sisestusi' });
    // Another user still may ask.
    expect((await ask(other, { comment: 'Kas hind on läbiräägitav?', productId })).statusCode).toBe(201);
  });

  it('shows the owner everything, others answered ones and their own', async () => {
    expect(await list()).toHaveLength(0);
    expect(await list(renter)).toHaveLength(2);
    expect(await list(other)).toHaveLength(1);
    const all = await list(ownerToken);
    expect(all).toHaveLength(3);
    expect(all.every((c) => c.children.length === 0)).toBe(true);
  });

  it('lets only the owner answer, once, and then everyone sees the answer', async () => {
    const [question] = (await list(renter)).filter((c) => c.comment.includes('haakekonks'));
    const stranger = await ask(other, { comment: 'Mina vastan', productId, parentId: question.id });
    expect(stranger.statusCode).toBe(403);
    const empty = await ask(ownerToken, { comment: '', productId, parentId: question.id });
    expect(empty.statusCode).toBe(400);
    const answer = await ask(ownerToken, { comment: 'Jah, on kaasas.', productId, parentId: question.id });
    expect(answer.statusCode).toBe(201);
    const again = await ask(ownerToken, { comment: 'Veel kord', productId, parentId: question.id });
    expect(again.statusCode).toBe(409);
    const visitor = await list();
    expect(visitor).toHaveLength(1);
    expect(visitor[0].children[0]).toMatchObject({ comment: 'Jah, on kaasas.', parentId: question.id });
    expect(visitor[0].author).toMatch(/^\S+ \S\.$|^\S+/);
    // An answer to a question of another product is refused.
    const wrong = await ask(ownerToken, { comment: 'x', productId: productId === 1 ? 2 : 1, parentId: question.id });
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses malformed bodies with 400', async () => {
    for (const body of [{}, { comment: 5, productId }, { comment: 'x', productId: 'abc' }, { comment: 'x'.repeat(5000), productId }]) {
      expect((await ask(renter, body)).statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ url: '/comments/abc' })).statusCode).toBe(400);
  });
});

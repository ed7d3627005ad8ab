import { messages } from 'shared-kernel/messages';
import { expectApiError } from '../src/testing/assertions';
import { createTestApp, type TestContext } from '../src/testing/test-app';

// The platform's own refusals (not signed in, another site's request, an unknown address, a value
// broken two ways) answer in Estonian, once: a client may show them as they come.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const t = messages.errors.request;

it('says in Estonian that the caller is not signed in, that another site asked, and that an address does not exist', async () => {
  expect(expectApiError(await ctx.app.inject({ url: '/users/me/saved-products' }), 401, 'UNAUTHORIZED').message).toBe(t.notSignedIn);
  const crossSite = await ctx.app.inject({ method: 'PUT', url: '/users/me/saved-products/1', headers: { origin: 'https://evil.example' } });
  expect(expectApiError(crossSite, 403, 'CSRF').message).toBe(t.crossSite);
  expect(expectApiError(await ctx.app.inject({ url: '/users/2/saved-products' }), 404, 'NOT_FOUND').message).toBe(t.noRoute);
});

it('names a value broken two ways with one text once', async () => {
  const res = expectApiError(
    await ctx.app.inject({ url: '/products/search?name=haagis&minPrice=99999999999999999999' }),
    400,
    'VALIDATION_ERROR',
  );
  expect(res.message.split(messages.errors.search.priceWholeEuros)).toHaveLength(2);
});

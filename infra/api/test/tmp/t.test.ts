import { createTestApp } from '../../src/testing/test-app';
it('x', async () => {
  const ctx = await createTestApp();
  const r = await ctx.app.inject({ url: `/forgot-pw/${'x'.repeat(600)}` });
  console.log(r.statusCode, r.body);
  const r2 = await ctx.app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json', 'content-length': 'abc' }, payload: '{}' });
  console.log(r2.statusCode, r2.body);
  await ctx.close();
});

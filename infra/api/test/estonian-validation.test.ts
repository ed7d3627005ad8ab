import type { InjectOptions } from 'fastify';
import { ApiErrorBody } from 'shared-kernel/schemas';
import { createTestApp, type TestContext } from '../src/testing/test-app';

// Issue 26: a request the API's schemas refuse is answered in Estonian, whatever the rule that
// failed: zod's error map is the kernel's (shared-kernel/zod), so zod's English ('Invalid input:
// expected string, received number', 'Too big: ...') never reaches a caller or a page.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

// zod's and Fastify's English as a caller would have read it; none of it may appear.
const ENGLISH =
  /\b(invalid|input|expected|received|required|too (big|small)|must|should|string|number|option|characters?|malformed|body|allowed)\b/i;

async function refusal(request: InjectOptions): Promise<string> {
  const response = await ctx.app.inject(request);
  expect(response.statusCode).toBe(400);
  const body = ApiErrorBody.parse(response.json());
  expect(body.code).toBe('VALIDATION_ERROR');
  return body.message;
}

/** The text after the field's place (`body.username: `), which names the field as the API does. */
const reason = (message: string) => message.replace(/^[\w.]+: /, '');

describe('a request refused by its schema', () => {
  it.each<[string, InjectOptions, string]>([
    ['a missing field', { method: 'POST', url: '/login', payload: { password: 'Walker123' } }, 'body.username: Kohustuslik'],
    ['a wrong type', { method: 'POST', url: '/login', payload: { username: 123, password: 'Walker123' } }, 'body.username: Vigane väärtus'],
    [
      'a text too long',
      {
        method: 'POST',
        url: '/users/business/validate',
        payload: { name: 'x'.repeat(201), registryCode: '12345678', personName: 'Peeter', personalCode: '38507140211' },
      },
      'body.name: Liiga pikk: kuni 200 märki.',
    ],
    ['a number too large', { method: 'GET', url: '/products?perPage=1000' }, 'querystring.perPage: Väärtus võib olla kuni 100.'],
    [
      'a value not among the choices',
      { method: 'POST', url: '/users/register', payload: { username: 'new@example.ee', password: 'Newuser123', type: 'PERSON' } },
      'body.type: Vali üks pakutud valikutest.',
    ],
    ['a wrong format', { method: 'GET', url: '/files/..%2Fsecret' }, 'params.name: Vigane vorming'],
  ])('names %s in Estonian', async (_what, request, expected) => {
    const message = await refusal(request);
    expect(message).toBe(expected);
    expect(reason(message)).not.toMatch(ENGLISH);
  });

  it('answers a body it cannot read and a control character in Estonian too', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.json()).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON', message: 'Päringu sisu ei ole korrektne JSON.' });
    expect(await refusal({ method: 'POST', url: '/login', payload: { username: 'a\u0000b', password: 'x' } })).toBe(
      'body.username: Lubamatud juhtmärgid.',
    );
  });

  it('would notice English (the check can fail)', () => {
    expect(reason('body.username: Invalid input: expected string, received number')).toMatch(ENGLISH);
    expect(reason('body.name: Too big: expected string to have <=200 characters')).toMatch(ENGLISH);
    expect(reason('body.name: Liiga pikk: kuni 200 märki.')).not.toMatch(ENGLISH);
  });
});

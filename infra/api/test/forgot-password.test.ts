import { format, messages } from 'shared-kernel/messages/server';
import { createTestApp, sessionCookieOf, signedInUser, type TestContext } from '../src/testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: 'reset@example.ee', password: 'OldPass123', type: 'B2C' },
  });
});
afterAll(async () => {
  await ctx.close();
});

const login = (password: string) => ctx.app.inject({ method: 'POST', url: '/login', payload: { username: 'reset@example.ee', password } });

async function latestResetKey(): Promise<string> {
  const mails = (await ctx.app.inject({ url: '/sandbox/outbox.json' })).json() as { to: string; body: string }[];
  const mail = mails.find((m) => m.to === 'reset@example.ee');
  const match = mail?.body.match(/http:\/\/localhost:3000\/public\/change-password\?key=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error('no reset link in the outbox');
  return match[1];
}

describe('forgot password', () => {
  it('sends a link, validates the hash, sets the new password once', async () => {
    const oldSession = sessionCookieOf(await login('OldPass123'));
    const put = await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'reset@example.ee' } });
    expect(put.statusCode).toBe(200);

    const key = await latestResetKey();
    expect((await ctx.app.inject({ url: `/forgot-pw/${key}` })).json()).toBe(true);
    expect((await ctx.app.inject({ url: '/forgot-pw/unknown-hash-value' })).json()).toBe(false);

    const weak = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: key, newPassword: 'weak' } });
    expect(weak.json().code).toBe('INVALID_PASSWORD');
    // A refused attempt does not use the link up.
    expect((await ctx.app.inject({ url: `/forgot-pw/${key}` })).json()).toBe(true);

    const post = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: key, newPassword: 'NewPass456' } });
    expect(post.statusCode).toBe(200);

    expect((await login('NewPass456')).statusCode).toBe(200);
    const old = await login('OldPass123');
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('BAD_CREDENTIALS');
    // Sessions from before the reset are ended.
    expect(await signedInUser(ctx.app, oldSession)).toBeNull();

    // Used hash: refused, and says false.
    expect((await ctx.app.inject({ url: `/forgot-pw/${key}` })).json()).toBe(false);
    const reuse = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: key, newPassword: 'Another789' } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('INVALID_HASH');
    expect((await login('Another789')).statusCode).toBe(401);
  });

  it('refuses an unknown hash', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: 'never-issued', newPassword: 'NewPass456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_HASH');
  });

  it('expires the link after 24 hours', async () => {
    await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'reset@example.ee' } });
    const key = await latestResetKey();
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await ctx.app.inject({ url: `/forgot-pw/${key}` })).json()).toBe(false);
  });

  it('answers EMAIL_NOT_FOUND for an unknown address and sends nothing', async () => {
    const before = (await ctx.app.inject({ url: '/sandbox/outbox.json' })).json().length;
    const res = await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'nobody@example.ee' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('EMAIL_NOT_FOUND');
    expect((await ctx.app.inject({ url: '/sandbox/outbox.json' })).json()).toHaveLength(before);
  });
});

describe('sandbox outbox page', () => {
  it('escapes user text and links the reset URL', async () => {
    await ctx.app.outbox.send({
      to: 'x@example.ee',
      subject: '<script>alert(1)</script>',
      body: 'Tere <b>"kõik"</b> & http://localhost:3000/public/change-password?key=abc',
    });
    const res = await ctx.app.inject({ url: '/sandbox/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain(
      'Tere &lt;b&gt;&quot;kõik&quot;&lt;/b&gt; &amp; <a href="http://localhost:3000/public/change-password?key=abc"',
    );
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('texts from the Estonian catalogue', () => {
  it('the reset mail, the unknown address and a used link speak the catalogue', async () => {
    await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'reset@example.ee' } });
    const mails = (await ctx.app.inject({ url: '/sandbox/outbox.json' })).json() as { to: string; subject: string; body: string }[];
    // Registration also mails a copy of the welcome notification (issue 13); this is the other one.
    const mail = mails.filter((m) => m.to === 'reset@example.ee' && m.subject !== messages.notifications.notificationMailSubject).at(-1)!;
    expect(mail.subject).toBe(messages.errors.passwordReset.mailSubject);
    const link = /http:\/\/\S+/.exec(mail.body)![0];
    expect(mail.body).toBe(format(messages.errors.passwordReset.mailBody, { link }));

    const unknown = await ctx.app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email: 'nobody@example.ee' } });
    expect(unknown.json().message).toBe('Vale email');
    const used = await ctx.app.inject({ method: 'POST', url: '/forgot-pw', payload: { hash: 'never-issued', newPassword: 'NewPass456' } });
    expect(used.json().message).toBe(messages.errors.passwordReset.invalidLink);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'reset@example.ee', password: 'Vale-parool-1' },
    });
    expect(wrong.json().message).toBe('Vale email või parool');
    const noUser = await ctx.app.inject({ url: '/products/customer-products/999999' });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().message).toBe(messages.errors.api.userNotFound);
  });
});

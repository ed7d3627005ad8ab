import net from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/database';
import { MAIL_JOB } from '../src/repositories/outbox';
import { mailHtml, SmtpMailSender } from '../src/services/mail';
import { createTestApp, type TestContext } from '../src/testing/test-app';
import { testFilesDir } from '../src/testing/test-database';

// Issue 30, acceptance 5: mail goes out over SMTP from the outbox's `mail.send` jobs; a server
// that refuses or does not answer loses nothing: the job is retried and sent once the server is back.

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP sink on `port`: keeps every message, or refuses them with 451 while `refuse` is set. */
async function startSink(port: number, state: { refuse: boolean } = { refuse: false }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set('2025-06-02T09:00:00Z');
});
afterAll(async () => {
  await ctx.close();
});

interface JobRow {
  id: number;
  attempts: number;
  done_ts: string | null;
  last_error: string | null;
}
/** The newest mail job to `email`: each test reads its own mail, never another test's. */
const mailJobTo = async (email: string) =>
  (
    await queryRows<JobRow>(
      ctx.database.db,
      sql`select id, attempts, done_ts, last_error from jobs where name = ${MAIL_JOB} and payload->>'to' = ${email} order by id desc limit 1`,
    )
  )[0];

/**
 * Each test's outbox starts empty: mail jobs left by earlier steps (the registration's own mail,
 * a previous test's retry) are closed, so no other message reaches this test's sink.
 */
async function closeOtherMail(): Promise<void> {
  await ctx.database.db.execute(sql`update jobs set done_ts = now() where name = ${MAIL_JOB} and done_ts is null`);
}

/** What `email` received at the sink (other addresses are someone else's mail). */
const mailsTo = (sink: { received: Received[] }, email: string) => sink.received.filter((m) => m.to.includes(email));

// Generous by default: a loaded test machine must not turn a live sink into a timeout. Only the
// silent server's greeting timeout is short, since that timeout is what the test waits for.
async function appWithSmtp(port: number, timeoutMs = 15_000) {
  const sender = new SmtpMailSender({ from: 'Rendime <info@rendime.ee>', url: `smtp://127.0.0.1:${port}`, secure: false, timeoutMs });
  const app = await buildApp({
    database: ctx.database,
    clock: ctx.clock,
    outbox: sender,
    config: { filesDir: testFilesDir(), seedDemoData: false, sandboxServices: true, cookieSecure: false, rateLimits: false, jobPollMs: 0 },
  });
  app.addHook('onClose', async () => sender.close());
  return app;
}
const resetRequest = (app: Awaited<ReturnType<typeof appWithSmtp>>, email: string) =>
  app.inject({ method: 'PUT', url: '/forgot-pw', payload: { email } });

it('a mail queued while no SMTP server listens is sent, once, when the server starts later', async () => {
  await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: 'hiline@example.ee', password: 'Hiline123', type: 'B2C' },
  });
  await closeOtherMail();
  const port = await freePort();
  const app = await appWithSmtp(port);
  let sink: Awaited<ReturnType<typeof startSink>> | undefined;
  try {
    expect((await resetRequest(app, 'hiline@example.ee')).statusCode).toBe(200);
    const job = await mailJobTo('hiline@example.ee');
    expect(job).toMatchObject({ attempts: 1, done_ts: null });
    expect(job.last_error).toMatch(/ECONNREFUSED/);

    sink = await startSink(port);
    ctx.clock.advance(11_000);
    await app.jobs.runDue([MAIL_JOB]);
    await app.jobs.runDue([MAIL_JOB]);
    expect(sink.received).toHaveLength(1);
    const [mail] = mailsTo(sink, 'hiline@example.ee');
    expect(mail).toMatchObject({ from: 'info@rendime.ee', to: ['hiline@example.ee'] });
    expect(mail.raw).toMatch(/^From: Rendime <info@rendime\.ee>/m);
    // Both bodies, from the same Estonian template.
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(await mailJobTo('hiline@example.ee')).toMatchObject({ id: job.id, attempts: 2, last_error: null });
  } finally {
    await app.close();
    await sink?.close();
  }
});

it('a server that refuses (451) or never greets keeps the mail queued until it accepts', async () => {
  await ctx.app.inject({
    method: 'POST',
    url: '/users/register',
    payload: { username: 'keeldu@example.ee', password: 'Keeldu123', type: 'B2C' },
  });
  await closeOtherMail();
  // A listener that accepts the connection and says nothing: the greeting times out.
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as net.AddressInfo).port;
  let impatient: Awaited<ReturnType<typeof appWithSmtp>> | undefined = await appWithSmtp(port, 500);
  let app: Awaited<ReturnType<typeof appWithSmtp>> | undefined;
  let sink: Awaited<ReturnType<typeof startSink>> | undefined;
  try {
    await resetRequest(impatient, 'keeldu@example.ee');
    await impatient.close();
    impatient = undefined;
    const job = await mailJobTo('keeldu@example.ee');
    expect(job).toMatchObject({ attempts: 1, done_ts: null });
    // Nodemailer names the greeting timeout "Greeting never received".
    expect(job.last_error).toMatch(/timeout|greeting never received/i);
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));

    sink = await startSink(port, { refuse: true });
    app = await appWithSmtp(port);
    ctx.clock.advance(11_000);
    await app.jobs.runDue([MAIL_JOB]);
    expect(await mailJobTo('keeldu@example.ee')).toMatchObject({
      id: job.id,
      attempts: 2,
      done_ts: null,
      last_error: expect.stringMatching(/451/),
    });
    expect(sink.received).toHaveLength(0);

    sink.state.refuse = false;
    ctx.clock.advance(21_000);
    await app.jobs.runDue([MAIL_JOB]);
    expect(sink.received.map((m) => m.to)).toEqual([['keeldu@example.ee']]);
    expect((await mailJobTo('keeldu@example.ee')).done_ts).not.toBeNull();
  } finally {
    await impatient?.close();
    await app?.close();
    await sink?.close();
  }
});

it('the HTML body is the escaped plain text: no user text becomes markup, links stay links', () => {
  const html = mailHtml({
    to: 'a@example.ee',
    subject: 'Teade <b>',
    body: 'Sõnum: <img src=x onerror=alert(1)> & "jutt"\n\nVaata https://rendime.ee/auth/my-products?a=1&b=2',
  });
  expect(html).toContain('Sõnum: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;jutt&quot;');
  expect(html).not.toMatch(/<img|<b>/);
  expect(html).toContain('<a href="https://rendime.ee/auth/my-products?a=1&amp;b=2">');
  expect(html).toContain('<html lang="et">');
});

import { eq } from 'drizzle-orm';
import { SUPPORT_EMAIL } from 'shared-kernel/messages';
import { users } from '../src/db/schema';
import { MAIL_JOB } from '../src/repositories/outbox';
import { MemoryMailOutbox, type Mail } from '../src/services/mail';
import { mailJobs as mailJobsOf } from '../src/testing/mail-jobs';
import { createTestApp, replicaOf, type TestContext } from '../src/testing/test-app';

// Issue 29, the transactional outbox: a mail is a job row written in the transaction of the change
// that causes it, delivered by whichever replica's job runner claims it, retried with backoff.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
});
afterAll(async () => {
  await ctx.close();
});

const mailJobs = () => mailJobsOf(ctx.database);
const contact = (app = ctx.app, content = 'Tere, kas saate aidata?') =>
  app.inject({ method: 'POST', url: '/feedback/contactus', payload: { email: 'kysija@example.ee', name: 'Küsija', content } });

it('a change that rolls back leaves no mail behind; one that commits has its mail sent before the answer', async () => {
  const before = (await mailJobs()).length;
  // The row cannot be written (PostgreSQL text holds no NUL): the transaction fails with its mail.
  await expect(
    ctx.app.contactMessageRepository.add({ name: null, email: 'a@example.ee', content: 'x\u0000y' }, ctx.clock.now(), {
      kind: 'mail',
      to: SUPPORT_EMAIL,
      subject: 's',
      body: 'b',
    }),
  ).rejects.toThrow();
  expect(await mailJobs()).toHaveLength(before);

  expect((await contact()).statusCode).toBe(200);
  const jobs = await mailJobs();
  expect(jobs).toHaveLength(before + 1);
  expect(jobs.at(-1)).toMatchObject({ attempts: 1, last_error: null });
  expect(jobs.at(-1)?.done_ts).not.toBeNull();
  expect((await ctx.app.outbox.list(1))[0]).toMatchObject({ to: SUPPORT_EMAIL, subject: 'Kontaktvorm: Küsija' });
});

it('retries a mail the sender refused, with backoff, and sends it once', async () => {
  const box = new MemoryMailOutbox();
  let refuse = true;
  const flaky = {
    send: async (mail: Mail) => {
      if (refuse) throw new Error('SMTP 451 try again later');
      await box.send(mail);
    },
    list: (limit?: number) => box.list(limit),
  };
  const app = await replicaOf(ctx, { outbox: flaky });
  try {
    // The answer does not depend on the mail server.
    expect((await contact(app, 'Kiri, mis jääb esialgu saatmata')).statusCode).toBe(200);
    const [job] = (await mailJobs()).slice(-1);
    expect(job).toMatchObject({ attempts: 1, done_ts: null, last_error: 'SMTP 451 try again later' });
    expect(box.mails).toHaveLength(0);

    // Not before its backoff (10 s); then once, whichever round takes it.
    refuse = false;
    await app.jobs.runDue([MAIL_JOB]);
    expect(box.mails).toHaveLength(0);
    ctx.clock.advance(11_000);
    await Promise.all([app.jobs.runDue([MAIL_JOB]), ctx.app.jobs.runDue([MAIL_JOB])]);
    const sent = [...box.mails, ...(await ctx.app.outbox.list(5)).filter((m) => m.body.includes('Kiri, mis jääb esialgu saatmata'))];
    expect(sent).toHaveLength(1);
    expect((await mailJobs()).find((j) => j.id === job.id)).toMatchObject({ attempts: 2, last_error: null });
  } finally {
    await app.close();
  }
});

it('sends a user’s mail only while they allow mail, checked when it goes out, with the site’s link', async () => {
  const [owner] = await ctx.database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.username, 'omanik@rendime.ee'));
  const notice = { userId: owner.id, type: 'FEEDBACK' as const, message: 'Tootele anti tagasisidet.' };
  await ctx.database.db.update(users).set({ allowEmail: false }).where(eq(users.id, owner.id));
  try {
    const before = (await ctx.app.outbox.list(100)).length;
    await ctx.app.notificationRepository.addWithMail(notice, ctx.clock.now(), '/auth/my-products');
    await ctx.app.jobs.runDue([MAIL_JOB]);
    const [job] = (await mailJobs()).slice(-1);
    expect(job.payload).toMatchObject({ kind: 'notification', userId: owner.id });
    expect(job.done_ts).not.toBeNull();
    expect((await ctx.app.outbox.list(100)).length).toBe(before);
  } finally {
    await ctx.database.db.update(users).set({ allowEmail: true }).where(eq(users.id, owner.id));
  }
  await ctx.app.notificationRepository.addWithMail(notice, ctx.clock.now(), '/auth/my-products');
  await ctx.app.jobs.runDue([MAIL_JOB]);
  const [mail] = await ctx.app.outbox.list(1);
  expect(mail.to).toBe(owner.username);
  expect(mail.body).toContain('Tootele anti tagasisidet.');
  expect(mail.body).toContain('http://localhost:3000/auth/my-products');
});

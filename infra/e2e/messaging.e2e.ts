import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';

// Issue 13 acceptance 1–3: messages and notifications reach the other person live (server-sent
// events through the shell's /api proxy), by polling when the stream is blocked, and the
// notification menu marks what it shows as read.

/** A product of omanik@rendime.ee with every day a rent day (the booking journey uses 186 too, other dates). */
const PRODUCT_ID = 184;

const messagesBadge = (page: Page) => page.getByRole('link', { name: /^Sõnumid, \d+ lugemata$/ });
const notificationsBadge = (page: Page) => page.getByRole('button', { name: /^Teavitused, \d+ lugemata$/ });

async function signedIn(page: Page, who: { username: string; password: string }): Promise<void> {
  await signIn(page, who.username, who.password);
  await expect(page).toHaveURL(/\/auth\//);
}

test.describe('messaging and notifications', () => {
  test.describe.configure({ mode: 'serial' });

  test('a message from the product page reaches the owner live; the answer reaches the open thread', async ({ page: owner, openPage }) => {
    await signedIn(owner, DEMO.owner);
    await expect(messagesBadge(owner)).toHaveAccessibleName('Sõnumid, 0 lugemata');

    const renter = await openPage();
    await signedIn(renter, DEMO.renter);
    await renter.goto(`/public/detail-view/${PRODUCT_ID}`);
    await renter.getByRole('button', { name: 'Kirjuta omanikule' }).click();
    const dialog = renter.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Sõnum' }).fill('Tere! Kas mullivanni saab ka nädalavahetusel?');
    const written = renter.waitForResponse((r) => /\/user-messages\/user\/\d+\/write$/.test(new URL(r.url()).pathname));
    await dialog.getByRole('button', { name: 'Saada' }).click();
    // The clock starts when the API has stored the message: how long the renter's own request took
    // on a loaded machine (two lanes on CI's two cores) is not the live delivery this measures.
    expect((await written).ok()).toBe(true);
    const sentAt = Date.now();
    // The owner's badge, on a page that was open all along, without a reload: within 2 s (polling
    // alone would take up to UNREAD_POLL_MS, 45 s). Watched from the moment the message is stored,
    // not after the renter's own confirmation has been checked: on a loaded machine that check
    // alone took part of the 2 s (CI, 2026-11-28).
    await expect(messagesBadge(owner)).toHaveAccessibleName('Sõnumid, 1 lugemata', { timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_500);
    await expect(renter.getByText('Sõnum saadetud.')).toBeVisible();

    // The renter keeps the thread open; the owner answers from the messages page.
    await renter.goto('/auth/messages');
    await renter
      .getByRole('button', { name: /Jaan|Jaan T/ })
      .first()
      .click();
    await expect(renter.getByText('Tere! Kas mullivanni saab ka nädalavahetusel?')).toBeVisible();

    await owner.goto('/auth/messages');
    await owner
      .getByRole('button', { name: /Mari|Mari M/ })
      .first()
      .click();
    await expect(owner.getByText('Tere! Kas mullivanni saab ka nädalavahetusel?')).toBeVisible();
    await expect(messagesBadge(owner)).toHaveAccessibleName('Sõnumid, 0 lugemata');
    await owner.getByRole('textbox', { name: 'Uus sõnum' }).fill('Jah, laupäeval ja pühapäeval ka.');
    await owner.getByRole('button', { name: 'Saada' }).click();
    await expect(owner.getByText('Jah, laupäeval ja pühapäeval ka.')).toBeVisible();

    await expect(renter.getByText('Jah, laupäeval ja pühapäeval ka.')).toBeVisible({ timeout: 2_000 });
  });

  test('with the live stream blocked, the badge still updates by polling within 45 s', async ({ page: owner, openPage }) => {
    await owner.route('**/api/live/events', (route) => route.abort());
    await owner.clock.install();
    await signedIn(owner, DEMO.owner);
    const before = Number((await messagesBadge(owner).getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);

    const other = await openPage();
    await signedIn(other, DEMO.other);
    const status = await other.evaluate(
      async ({ to }) => {
        const me = (await (await fetch('/api/users/session')).json()) as { id: number };
        const res = await fetch(`/api/user-messages/user/${me.id}/write`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'rendime' },
          body: JSON.stringify({ message: 'Tere, kas haagis on vaba?', parentThread: { senderId: me.id, receiverId: to } }),
        });
        return res.status;
      },
      { to: await owner.evaluate(async () => ((await (await fetch('/api/users/session')).json()) as { id: number }).id) },
    );
    expect(status).toBe(201);

    // Nothing live reaches the owner; 45 s of the page's clock later the poll has it.
    await owner.clock.fastForward(46_000);
    await expect(messagesBadge(owner)).toHaveAccessibleName(`Sõnumid, ${before + 1} lugemata`);
  });

  test('a booking request and a question appear in the owner’s notification menu; opening it reads them', async ({
    page: owner,
    openPage,
  }) => {
    await signedIn(owner, DEMO.owner);
    await owner.goto('/auth/user-profile');
    const start = Number((await notificationsBadge(owner).getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);

    const renter = await openPage();
    await signedIn(renter, DEMO.renter);
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const booked = await renter.evaluate(
      async ({ id, from, to }) =>
        (
          await fetch(`/api/reservations/product/${id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'rendime' },
            body: JSON.stringify({ startTs: `${from}T00:00:00+02:00`, endTs: `${to}T00:00:00+02:00` }),
          })
        ).status,
      { id: PRODUCT_ID, from: day, to: next },
    );
    expect(booked).toBe(201);
    const asked = await renter.evaluate(
      async ({ id }) =>
        (
          await fetch('/api/comments', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'rendime' },
            body: JSON.stringify({ productId: id, comment: 'Kas vann on ka talvel kasutatav?' }),
          })
        ).status,
      { id: PRODUCT_ID },
    );
    expect(asked).toBeLessThan(300);

    await expect(notificationsBadge(owner)).toHaveAccessibleName(`Teavitused, ${start + 2} lugemata`, { timeout: 5_000 });
    await notificationsBadge(owner).click();
    await expect(owner.getByText(/rendisoov/i).first()).toBeVisible();
    await expect(owner.getByText(/küsimus|kommentaar/i).first()).toBeVisible();
    await expect(notificationsBadge(owner)).toHaveAccessibleName('Teavitused, 0 lugemata');
  });
});

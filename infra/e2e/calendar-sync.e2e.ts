import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';

// Issue 32 in a real browser: an owner makes a private calendar link that answers an iCalendar,
// and follows an outside calendar (a local server here) whose busy day the public booking calendar
// then shows as taken.

interface OwnerProduct {
  id: number;
  active: boolean;
  rentDays: string[];
  vacationDays: string[];
}

const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
let feed: http.Server;
let feedUrl = '';
let feedBody = '';

test.beforeAll(async () => {
  feed = http.createServer((_request, response) => void response.writeHead(200, { 'content-type': 'text/calendar' }).end(feedBody));
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/muu-kanal.ics`;
});
test.afterAll(async () => {
  feed.closeAllConnections();
  await new Promise((resolve) => feed.close(resolve));
});

test('an owner exports a private calendar and imports an outside one that blocks a day', async ({ page, openPage }) => {
  await signIn(page, DEMO.owner.username, DEMO.owner.password);
  await expect(page).toHaveURL(/\/auth\//);
  const products = await page.evaluate(async () => (await (await fetch('/api/products/my-products')).json()) as OwnerProduct[]);
  const product = products.find((p) => p.active)!;
  expect(product, 'the demo owner has an active product').toBeTruthy();

  // A rent day about seven weeks ahead that is not a rest day.
  const day = new Date(Date.now() + 50 * 86_400_000);
  const free = (d: Date) =>
    (product.rentDays.length === 0 || product.rentDays.includes(WEEKDAYS[d.getUTCDay()])) &&
    !product.vacationDays.includes(d.toISOString().slice(0, 10));
  while (!free(day)) day.setUTCDate(day.getUTCDate() + 1);
  const iso = day.toISOString().slice(0, 10);
  const next = new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10);
  feedBody = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//E2E//Muu kanal//ET',
    'BEGIN:VEVENT',
    'UID:e2e-1@example.test',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${iso.replace(/-/g, '')}`,
    `DTEND;VALUE=DATE:${next.replace(/-/g, '')}`,
    'SUMMARY:Broneeritud mujal',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  await page.goto(`/auth/detail-view/${product.id}`);
  await page.getByRole('button', { name: 'Kalendrite sünkroonimine' }).click();
  const dialog = page.getByRole('dialog');

  // Export: a new private link answers an iCalendar file.
  await dialog.getByRole('button', { name: /^Loo (uus )?link$/ }).click();
  const link = dialog.getByLabel('Privaatne kalendri link');
  await expect(link).toHaveValue(/\/api\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
  const calendar = await page.request.get((await link.inputValue()).replace(/^https?:\/\/[^/]+/, ''));
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await calendar.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);

  // Import: the outside calendar's day is taken. It is read on the job queue right after the answer
  // ("Kalendrit loetakse…" meanwhile); the dialog asks again until the read is in.
  await dialog.getByLabel(/Kalendri aadress/).fill(feedUrl);
  await dialog.getByRole('button', { name: 'Lisa kalender' }).click();
  const row = dialog.getByTestId('calendar-import').filter({ hasText: feedUrl });
  await expect(row).toContainText('Kinni perioode: 1');
  await expect(row).not.toContainText('Kalendrit loetakse…');

  const renter = await openPage();
  await signIn(renter, DEMO.renter.username, DEMO.renter.password);
  await expect(renter).toHaveURL(/\/auth\//);
  await renter.goto(`/public/detail-view/${product.id}`);
  const now = new Date();
  const monthsAhead = day.getUTCFullYear() * 12 + day.getUTCMonth() - (now.getUTCFullYear() * 12 + now.getUTCMonth());
  for (let i = 0; i < monthsAhead; i += 1) await renter.getByRole('button', { name: 'Järgmine kuu' }).click();
  const d = Number(iso.slice(8, 10));
  await expect(renter.getByRole('gridcell', { name: new RegExp(`^${d}\\. \\S+ \\d{4}, broneeritud$`) })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // Removing the calendar and revoking the link leave the demo data as it was.
  await row.getByRole('button', { name: 'Eemalda' }).click();
  await expect(dialog.getByText('Ühtegi kalendrit pole lisatud.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Tühista link' }).click();
  await dialog
    .getByRole('group', { name: /^Kas tühistada link\?/ })
    .getByRole('button', { name: 'Jah, tühista' })
    .click();
  await expect(dialog.getByText('Linki pole veel loodud.')).toBeVisible();
  expect((await page.request.get(calendar.url().replace(/^https?:\/\/[^/]+/, ''))).status()).toBe(404);
});

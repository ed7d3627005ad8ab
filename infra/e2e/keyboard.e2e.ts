import type { Page } from '@playwright/test';
import { baseUrl, expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';

// Issue 25 acceptance 4: the booking calendar (product page and rent page) and the go-kart slot
// picker work with the keyboard alone. After signing in, every step below is a key press
// (Tab, arrows, Home, PageDown, Enter, Space, typing): no mouse, no click.

/** omanik@rendime.ee's hot tub on a trailer: every day a rent day, no demo reservations. */
const PRODUCT = { id: 186, name: 'Mullivann haagisel' };

interface Focused {
  role: string | null;
  name: string;
  /** A calendar day's `YYYY-MM-DD` or a slot's `HH:mm` (the grid's data-cell). */
  cell: string | null;
}

const focusedInfo = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute('role') ?? null,
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      cell: el?.getAttribute('data-cell') ?? null,
    };
  });

/** Presses Tab until the focus is on what `matches` looks for. */
async function tabTo(page: Page, what: string, matches: (f: Focused) => boolean, max = 80): Promise<Focused> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focusedInfo(page);
    if (matches(f)) return f;
  }
  throw new Error(`Tab never reached ${what}`);
}

async function press(page: Page, ...keys: string[]): Promise<Focused> {
  for (const key of keys) await page.keyboard.press(key);
  return focusedInfo(page);
}

/** WCAG 1.4.11: the focus ring's colour against the white page, at least 3:1. */
function contrastOnWhite(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return 1.05 / (l + 0.05);
}

async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement as Element);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrastOnWhite(ring.color)).toBeGreaterThanOrEqual(3);
}

/** The same day `months` later, or that month's last day. */
function plusMonths(iso: string, months: number): string {
  const index = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(Number(iso.slice(8, 10)), new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** '2027-02-14' → '14.02', the start of how lists print a date. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

const dayCell = (f: Focused) => f.role === 'gridcell' && /^\d{4}-\d\d-\d\d$/.test(f.cell ?? '');
const slotCell = (f: Focused) => f.role === 'gridcell' && /^\d\d:\d\d$/.test(f.cell ?? '');
const button = (name: string) => (f: Focused) => f.name === name && f.role !== 'gridcell';

test.describe('keyboard only: the booking calendar and the go-kart slots', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(/\/auth\//);
  });

  test('a renter books a product from its page and the rent page with keys alone', async ({ page }) => {
    await page.goto(`/public/detail-view/${PRODUCT.id}`);
    const panel = page.getByTestId('booking');
    await expect(panel.getByRole('grid', { name: /^Rendikalender: / })).toBeVisible();

    // One tab stop in the calendar, on today; three months on with PageDown, clear of other journeys.
    const first = await tabTo(page, 'the booking calendar', dayCell);
    await expectVisibleFocus(page);
    const later = await press(page, 'PageDown', 'PageDown', 'PageDown');
    expect(later.cell).toBe(plusMonths(first.cell as string, 3));

    // Monday of that week, then Enter picks the start; three days on, Space picks the end.
    const start = await press(page, 'ArrowDown', 'Home');
    expect(start.name).toMatch(/^\d{1,2}\. \S+ \d{4}, vaba$/);
    await page.keyboard.press('Enter');
    const end = await press(page, 'ArrowRight', 'ArrowRight', 'ArrowRight');
    await page.keyboard.press('Space');
    await expect(panel.getByRole('gridcell', { name: start.name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('gridcell', { name: end.name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toContainText('Rent (3 päeva)');

    await tabTo(page, "'Rentima'", button('Rentima'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseUrl}/auth/rent-product/${PRODUCT.id}?startD=${start.cell}&endD=${end.cell}`);

    // The rent page's calendar opens on the pick; its tab stop is the start day.
    const form = page.getByRole('form', { name: 'Toote rentimine' });
    await expect(form.getByRole('grid', { name: /^Rendikalender: / })).toBeVisible();
    const again = await tabTo(page, 'the rent page calendar', dayCell);
    expect(again.cell).toBe(start.cell);
    // A day after a complete range starts over: a week later to two days on.
    const newStart = await press(page, 'ArrowDown');
    await page.keyboard.press('Enter');
    const newEnd = await press(page, 'ArrowRight', 'ArrowRight');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('gridcell', { name: start.name, exact: true })).not.toHaveAttribute('aria-selected', 'true');
    await expect(form.getByRole('gridcell', { name: newEnd.name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('booking-period')).toContainText(dayMonth(newStart.cell as string));
    await expect(page.getByTestId('booking-period')).toContainText(dayMonth(newEnd.cell as string));

    await tabTo(page, "'Broneeri'", button('Broneeri'));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Broneeringu soov on saadetud omanikule.')).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl}/auth/contracts?tabId=pending`, { timeout: 10_000 });
    const request = page
      .getByRole('listitem')
      .filter({ hasText: PRODUCT.name })
      .filter({ hasText: dayMonth(newStart.cell as string) });
    await expect(request).toContainText('Kinnitamata');
    // Cleanup through the API, not a user step: a renter may have one waiting request per product,
    // and the money journey asks for this product again.
    const href = await request.getByRole('link', { name: 'Ava taotlus' }).getAttribute('href');
    const hash = new URL(href as string, baseUrl).searchParams.get('rental');
    const cancelled = await page.evaluate(async (h) => {
      const found = await fetch(`/api/reservations/hash/${h}`);
      const { id } = (await found.json()) as { id: number };
      return (await fetch(`/api/reservations/cancel/${id}`, { method: 'PUT', headers: { 'x-requested-with': 'rendime' } })).status;
    }, hash);
    expect(cancelled).toBe(200);
  });

  test('a renter books two go-kart slots for two riders with keys alone; closed days are not offered', async ({ page }) => {
    await page.goto('/public/raasilla');
    const form = page.getByRole('form', { name: 'Broneeri kardisõit' });
    await expect(form.getByRole('grid', { name: 'Sõiduajad' }).or(form.getByTestId('gokart-closed'))).toBeVisible();

    // The calendar's tab stop is the chosen day, the track's next open day.
    const opened = await tabTo(page, 'the go-kart calendar', dayCell);
    expect(opened.name).toMatch(/, vaba$/);
    await expect(form.getByRole('gridcell', { name: opened.name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectVisibleFocus(page);

    // Two months on, the week's Monday: the track is closed on Mondays and Tuesdays.
    const monday = await press(page, 'PageDown', 'PageDown', 'ArrowDown', 'Home');
    expect(monday.name).toMatch(/, suletud$/);
    await expect(form.getByRole('gridcell', { name: monday.name, exact: true })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('gridcell', { name: monday.name, exact: true })).not.toHaveAttribute('aria-selected', 'true');
    expect((await press(page, 'ArrowRight')).name).toMatch(/, suletud$/);
    const wednesday = await press(page, 'ArrowRight');
    expect(wednesday.name).toMatch(/, vaba$/);
    await page.keyboard.press('Enter');
    await expect(form.getByRole('gridcell', { name: wednesday.name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(form.getByRole('grid', { name: 'Sõiduajad' })).toBeVisible();

    // Two riders with the slider's arrow.
    await tabTo(page, 'the riders slider', (f) => f.name === 'Sõitjate arv');
    await page.keyboard.press('ArrowRight');
    await expect(form.getByTestId('rider-count')).toHaveText('2 sõitjat');

    // The slots: one tab stop, the first with room; arrows move, Enter and Space pick.
    const firstSlot = await tabTo(page, 'the slots', slotCell);
    expect(firstSlot.name).toBe('10:00, vabu kohti 10');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    // Six slots a row on this screen: down is two hours later.
    const noon = await press(page, 'ArrowDown');
    expect(noon.name).toBe('12:00, vabu kohti 10');
    await page.keyboard.press('Space');
    await expect(form.getByRole('gridcell', { name: /^10:00, / })).toHaveAttribute('aria-selected', 'true');
    await expect(form.getByRole('gridcell', { name: /^12:00, / })).toHaveAttribute('aria-selected', 'true');
    await expect(form.getByTestId('gokart-total-value')).toHaveText(/^80,00\s€$/);

    // Past the slots, the riders' names.
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Sõitja 1 nimi')).toBeFocused();
    await page.keyboard.type('Mari Maasikas');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Jüri Jõgi');
    await expect(form.getByLabel('Sõitja 2 nimi')).toHaveValue('Jüri Jõgi');
    // The contact comes from the profile.
    await expect(form.getByLabel('Tellija nimi')).not.toHaveValue('');
    await expect(form.getByLabel('Telefon')).not.toHaveValue('');

    await tabTo(page, 'the bank', (f) => f.role === 'radio' && f.name === 'Luminor');
    await page.keyboard.press('Space');
    await expect(form.getByRole('radio', { name: 'Luminor' })).toHaveAttribute('aria-checked', 'true');
    await tabTo(page, "'Maksa ja broneeri'", button('Maksa ja broneeri'));
    await page.keyboard.press('Enter');

    // The sandbox bank's page, by keyboard too.
    await expect(page).toHaveURL(/\/api\/sandbox\/bank-link\/pay\//);
    await tabTo(page, "the bank's 'Maksa'", button('Maksa'), 10);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/public\/raasilla-success\?/);
    await expect(page.getByText('Jüri Jõgi')).toBeVisible();
    await expect(page.getByText(/10:00, 12:00/)).toBeVisible();
  });
});

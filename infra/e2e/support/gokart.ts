import { expect, type Page } from '@playwright/test';

/** A free day's grid cell is named with its full date: '12. detsember 2026, vaba'. */
const freeDate = (date: Date) =>
  new RegExp(
    `^${date.getUTCDate()}\\. ${date.toLocaleString('et-EE', { month: 'long', timeZone: 'UTC' })} ${date.getUTCFullYear()}, vaba$`,
  );

/**
 * Books three riders for two slots of the go-kart track (/public/raasilla) on `day` (a UTC date of
 * an open day, at most three months ahead), paid by bank link with the sandbox bank's 'Maksa': 6 rides, 120 €. Ends
 * on the success view.
 */
export async function bookThreeRidersTwoSlots(page: Page, opts: { day: Date; slots: [string, string] }): Promise<void> {
  await page.goto('/public/raasilla');
  const form = page.getByRole('form', { name: 'Broneeri kardisõit' });
  await expect(form).toBeVisible();
  // The calendar opens on the track's next open day, which may already be in the next month.
  const day = form.getByRole('gridcell', { name: freeDate(opts.day) });
  for (let i = 0; i < 3 && !(await day.isVisible()); i += 1) await form.getByRole('button', { name: 'Järgmine kuu' }).click();
  await day.click();
  await form.getByRole('slider', { name: 'Sõitjate arv' }).fill('3');
  for (const [i, name] of ['Mari Maasikas', 'Jüri Jõgi', 'Õie Õun'].entries()) await form.getByLabel(`Sõitja ${i + 1} nimi`).fill(name);
  for (const slot of opts.slots) await form.getByRole('gridcell', { name: new RegExp(`^${slot}, `) }).click();
  await expect(form).toContainText('120,00 €');
  await form.getByRole('radio', { name: 'Luminor' }).click();
  await form.getByRole('button', { name: 'Maksa ja broneeri' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/bank-link\/pay\//);
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();
  await expect(page).toHaveURL(/\/public\/raasilla-success\?/);
}

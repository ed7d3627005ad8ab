import { expect, type Page } from '@playwright/test';

/** The day buttons of the calendar are named '10. detsember 2026, vaba'. */
const freeDay = (day: number) => new RegExp(`^${day}\\. \\S+ \\d{4}, vaba$`);

/**
 * Books three riders for two slots of the go-kart track (/public/raasilla) on `day` of the month
 * `monthsAhead` from now, paid by bank link with the sandbox bank's 'Maksa': 6 rides, 120 €. Ends
 * on the success view.
 */
export async function bookThreeRidersTwoSlots(page: Page, opts: { monthsAhead: number; day: number; slots: [string, string] }): Promise<void> {
  await page.goto('/public/raasilla');
  const form = page.getByRole('form', { name: 'Broneeri kardisõit' });
  await expect(form).toBeVisible();
  for (let i = 0; i < opts.monthsAhead; i += 1) await form.getByRole('button', { name: 'Järgmine kuu' }).click();
  await form.getByRole('button', { name: freeDay(opts.day) }).click();
  await form.getByRole('slider', { name: 'Sõitjate arv' }).fill('3');
  for (const [i, name] of ['Mari Maasikas', 'Jüri Jõgi', 'Õie Õun'].entries()) await form.getByLabel(`Sõitja ${i + 1} nimi`).fill(name);
  for (const slot of opts.slots) await form.getByRole('button', { name: slot, exact: true }).click();
  await expect(form).toContainText('120,00 €');
  await form.getByRole('radio', { name: 'Luminor' }).click();
  await form.getByRole('button', { name: 'Maksa ja broneeri' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/bank-link\/pay\//);
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();
  await expect(page).toHaveURL(/\/public\/raasilla-success\?/);
}

import { z } from 'shared-kernel/zod';
import { checkPeriod, EMPTY_PERIOD, firstDay, tallinnToday } from '../../../components/period/period-form';
import { periodShape } from '../../../components/period/period-schema';
import { publicSiteTexts } from '../../../messages/public-site';

/**
 * The front page's search box: any text, the empty one too (it opens the search unfiltered), and
 * an optional period (issue 32) of days or of one day's hours, as the search page's 'Rendiaeg'
 * takes it: whole, not backwards, not in the past. How far ahead or how long a period may be is
 * the search's to say (the API's message shows by the search page's fields).
 */
export function heroSearchForm(today: () => string = tallinnToday) {
  return z.object({ search: z.string(), ...periodShape }).superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    const first = firstDay(v);
    if (first && first < today())
      ctx.addIssue({ code: 'custom', path: [v.mode === 'days' ? 'fromDay' : 'hourDay'], message: publicSiteTexts.heroPeriodPast });
  });
}
export type HeroSearchValues = z.infer<ReturnType<typeof heroSearchForm>>;
export const EMPTY_HERO_SEARCH: HeroSearchValues = { search: '', ...EMPTY_PERIOD };

export function searchUrl(text: string, period?: { from: string; to: string }): string {
  const params = new URLSearchParams();
  const q = text.trim();
  if (q) params.set('search', q);
  if (period?.from && period.to) {
    params.set('from', period.from);
    params.set('to', period.to);
  }
  // %20 rather than URLSearchParams' '+', as the search page's links have always been written.
  const query = params.toString().replace(/\+/g, '%20');
  return query ? `/public/search-products?${query}` : '/public/search-products';
}

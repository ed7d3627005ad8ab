import { z } from 'shared-kernel/zod';
import { publicSiteTexts } from '../../../messages/public-site';

/** Today in Tallinn as `YYYY-MM-DD` (en-CA writes dates so), without the kernel's date library. */
export function tallinnToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The front page's search box: any text, the empty one too (it opens the search unfiltered), and
 * an optional period of days (issue 32), both days or neither. How far ahead or how long a period
 * may be is the search's to say (the API's message shows by the search page's fields).
 */
export function heroSearchForm(today: () => string = tallinnToday) {
  const t = publicSiteTexts;
  return z.object({ search: z.string(), from: z.string(), to: z.string() }).superRefine((v, ctx) => {
    if (v.from && !v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: t.heroPeriodIncomplete });
    if (v.to && !v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: t.heroPeriodIncomplete });
    if (v.from && v.from < today()) ctx.addIssue({ code: 'custom', path: ['from'], message: t.heroPeriodPast });
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: t.heroPeriodBackwards });
  });
}
export type HeroSearchValues = z.infer<ReturnType<typeof heroSearchForm>>;

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

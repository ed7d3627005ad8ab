import { eq } from 'drizzle-orm';
import { productVacationDays, products } from '../src/db/schema';
import { demoUserIds, sessionHeaders, type TestContext } from '../src/testing/test-app';

// What the calendar suites (export, import) share: their callers and a product bookable every day.

/** Test roles → demo users (src/demo/demo-users.ts). */
export const CALENDAR_ROLES = {
  renter: 'renter',
  owner: 'privateOwner',
  other: 'secondOwner',
  business: 'businessOwner',
  admin: 'admin',
  limited: 'limited',
  needsId: 'needsId',
} as const;
export type Who = keyof typeof CALENDAR_ROLES;

export async function roleIds(ctx: TestContext): Promise<Record<Who, number>> {
  const demo = await demoUserIds(ctx);
  return Object.fromEntries(Object.entries(CALENDAR_ROLES).map(([who, key]) => [who, demo[key]])) as Record<Who, number>;
}

/** A JSON request as `who` (anonymous when undefined); a string payload is sent as it is. */
export function caller(ctx: () => TestContext, ids: () => Record<Who, number>) {
  return async (who: Who | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const headers = await sessionHeaders(ctx(), who && ids()[who]);
    return ctx().app.inject({
      method,
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  };
}

/** The product bookable every day 08:00-18:00 for 30 €/day, with no rest days. */
export async function bookableEveryDay(ctx: TestContext, productId: number): Promise<void> {
  await ctx.database.db
    .update(products)
    .set({ deleted: false, inactiveReason: null, rentDays: [], startTs: '08:00', endTs: '18:00', priceDailyCents: 3000, paidLater: false })
    .where(eq(products.id, productId));
  await ctx.database.db.delete(productVacationDays).where(eq(productVacationDays.productId, productId));
}

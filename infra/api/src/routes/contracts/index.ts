import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromCents } from 'shared-kernel/domain';
import { PriceAnswer, PriceQuery } from 'shared-kernel/schemas';
import { rentalPriceBetween, tierPricesFromEuros } from 'shared-kernel/time';
import { responses } from '../../schemas/responses';
import { periodError } from '../../services/availability/plan-reservation';
import { checkLength } from '../../services/availability/period-rules';

/** Contract calls of issue 10 (server core so far: the price query). */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {

  /**
   * Spec 7 `GET /contracts/price`: the net rent in euros of the given tier prices for the period,
   * by the same kernel function every booking uses; 0 when no given price covers it. A calculator:
   * no product, no session needed.
   */
  app.get('/contracts/price', { schema: { querystring: PriceQuery, response: responses({ 200: PriceAnswer }) } }, async (request) => {
    const q = request.query;
    const startMs = Date.parse(q.startTs);
    const endMs = Date.parse(q.endTs);
    // No product, so no calendar: only the period's own sense is checked (a past start is fine).
    const refusal = checkLength(startMs, endMs);
    if (refusal) throw periodError(refusal);
    const price = rentalPriceBetween(
      tierPricesFromEuros({
        priceHour: q.priceHourly,
        priceDaily: q.priceDaily,
        threeDay: q.threeDayPrice,
        aweek: q.weekPrice,
        twoWeek: q.twoWeekPrice,
        month: q.monthPrice,
        weekendDay: q.weekendDayPrice,
      }),
      startMs,
      endMs,
    );
    return fromCents(price?.totalCents ?? 0);
  });
};

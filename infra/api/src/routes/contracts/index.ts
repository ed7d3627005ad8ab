import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromCents } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import {
  Contract,
  ContractCancelAnswer,
  ContractCancelQuery,
  ContractList,
  ContractListQuery,
  CountAnswer,
  IdParam,
  PriceAnswer,
  PriceQuery,
  RefundPreview,
} from 'shared-kernel/schemas';
import { rentalPriceBetween, tierPricesFromEuros } from 'shared-kernel/time';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { periodError } from '../../services/availability/plan-reservation';
import { checkLength } from '../../services/availability/period-rules';

/** Contract calls of issue 10: the price query, the parties' contracts, cancel with refund, handover and return. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.contractService;
  const contractNotFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.api.contractNotFound);

  async function answer(id: number, viewerId: number): Promise<Contract> {
    const contract = await repo.findForParty(id, viewerId, app.clock.now());
    if (!contract) throw contractNotFound();
    return contract;
  }

  /** The caller's contracts: as renter (default) or, with `incoming=true`, as owner. */
  app.get('/contracts', { schema: { querystring: ContractListQuery, response: responses({ 200: ContractList }) } }, async (request) => {
    const user = requireUser(request);
    return repo.list(user.id, request.query.incoming, app.clock.now());
  });

  app.get('/contracts/accepted-count', { schema: { response: responses({ 200: CountAnswer }) } }, async (request) => {
    const user = requireUser(request);
    return repo.acceptedCount(user.id);
  });

  app.get('/contracts/reservation/:id', { schema: { params: IdParam, response: responses({ 200: Contract }) } }, async (request) => {
    const user = requireUser(request);
    const contract = await repo.findByReservation(request.params.id, user.id, app.clock.now());
    if (!contract) throw contractNotFound();
    return contract;
  });

  /** What cancelling now would refund; the cancel computes it with the same function. */
  app.get(
    '/contracts/:id/refund-preview',
    { schema: { params: IdParam, querystring: ContractCancelQuery, response: responses({ 200: RefundPreview }) } },
    async (request) => {
      const user = requireUser(request);
      return repo.refundPreview(request.params.id, user.id, request.query.reason, app.clock.now());
    },
  );

  app.put(
    '/contracts/cancel/:id',
    { schema: { params: IdParam, querystring: ContractCancelQuery, response: responses({ 200: ContractCancelAnswer }) } },
    async (request) => {
      const user = requireUser(request);
      const done = await repo.cancel(request.params.id, user.id, request.query.reason, app.clock.now());
      return { contract: await answer(request.params.id, user.id), refund: done.refund };
    },
  );

  /** The renter marks the item received (ACCEPTED → CAPTURED); the owner marks it handed over. */
  app.put('/contracts/:id/received', { schema: { params: IdParam, response: responses({ 200: Contract }) } }, async (request) => {
    const user = requireUser(request);
    await repo.markReceived(request.params.id, user.id, app.clock.now());
    return answer(request.params.id, user.id);
  });

  /** Each party marks the return; with both marks the contract and its reservation are FINISHED. */
  app.put('/contracts/:id/returned', { schema: { params: IdParam, response: responses({ 200: Contract }) } }, async (request) => {
    const user = requireUser(request);
    await repo.markReturned(request.params.id, user.id, app.clock.now());
    return answer(request.params.id, user.id);
  });

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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validateIban } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import {
  AccountHistory,
  AccountHistoryQuery,
  AccountSummary,
  DepositRequest,
  OkResponse,
  PayContractsAnswer,
  PayContractsQuery,
  PaymentMethodList,
  PaymentOrderToken,
  type PaymentResult,
  WithdrawalAnswer,
  WithdrawalRequest,
} from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { paymentNotAllowed } from '../../repositories/payment-repository';
import { mediaResponse, responses } from '../../schemas/responses';
import { eurosToCents } from '../../lib/money';
import type { MontonioStatus } from '../../services/payments/provider';

/** Roles that may not pay money in (spec owner 9: limited users, and users still to verify identity). */
const NO_DEPOSIT_ROLES = ['ROLE_USER_LIMITED', 'ROLE_USER_B2C_NEED_ID'];

/**
 * Montonio's webhook body: `{orderToken}` for an order's status, `{refundToken}` for a refund's
 * (this API starts no refunds through Montonio, so those are acknowledged and left alone).
 */
const NotifyBody = z
  .object({ orderToken: z.string().min(1).max(8192).optional(), refundToken: z.string().min(1).max(8192).optional() })
  .refine((b) => b.orderToken !== undefined || b.refundToken !== undefined, { message: messages.errors.account.invalidSignature });
// Lenient on purpose: a missing, repeated or over-long token still gets the failure page, not a 400 body.
const ReturnQuery = z.object({ 'order-token': z.string().min(1).max(8192).optional().catch(undefined) });

/** Where a return that names no order of ours lands: the money account shows the failure notice. */
const RETURN_FALLBACK_PATH = '/auth/account';

/**
 * The page's result for a provider status: PAID is success; PENDING and AUTHORIZED are not
 * settled yet (the hold and order stay open until the notification), the rest failed.
 */
function returnResult(status: MontonioStatus): PaymentResult {
  if (status === 'PAID') return 'success';
  if (status === 'PENDING' || status === 'AUTHORIZED') return 'pending';
  return 'failure';
}

/** The money account (spec owner 7 "Payment"): deposit by bank link, withdrawal, paying contracts, summary and history. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.paymentRepository;
  const orders = app.bankLink;

  /** The banks (and card) the payer may choose from, read from the provider by this server and cached. */
  app.get('/payment/methods', { schema: { response: responses({ 200: PaymentMethodList }) } }, async (request) => {
    requireUser(request);
    return orders.provider.listBanks(app.clock.now());
  });

  app.post('/payment', { schema: { body: DepositRequest, response: responses({ 200: PaymentOrderToken }) } }, async (request) => {
    const user = requireUser(request);
    if (user.roles.some((role) => NO_DEPOSIT_ROLES.includes(role))) throw paymentNotAllowed();
    const { payment } = request.body;
    return orders.create({
      userId: user.id,
      amountCents: eurosToCents(payment.amount),
      purpose: { kind: 'DEPOSIT' },
      bank: payment.methodOptions.preferredProvider,
      locale: payment.methodOptions.preferredLocale,
      returnPath: '/auth/account',
    });
  });

  app.post(
    '/payment/withdrawal',
    { schema: { body: WithdrawalRequest, response: responses({ 200: WithdrawalAnswer }) } },
    async (request) => {
      const user = requireUser(request);
      const accountNr = await repo.accountNumberOf(user.id);
      if (!accountNr || !validateIban(accountNr)) throw new ApiError(409, 'NO_ACCOUNT_NR', messages.errors.account.noAccountNr);
      const amountCents = eurosToCents(request.body.amount);
      const done = await repo.withdraw(user.id, amountCents, app.clock.now());
      return { paymentId: done.paymentId, amountCents, balanceCents: done.balanceCents };
    },
  );

  app.put(
    '/payment/contract',
    { schema: { querystring: PayContractsQuery, response: responses({ 200: PayContractsAnswer }) } },
    async (request) => {
      const user = requireUser(request);
      const done = await app.wallet.payContracts(user.id, request.query.contracts, app.clock.now());
      return { paidCents: done.paidCents, balanceCents: done.balanceCents, contractIds: done.contractIds };
    },
  );

  app.get('/payment/unpaid-contracts', { schema: { response: responses({ 200: AccountSummary }) } }, async (request) => {
    const user = requireUser(request);
    const now = app.clock.now();
    // Realised on read too: the owner sees the rent on the balance the moment the rental ends.
    await app.wallet.realiseEnded(now, user.id);
    const [{ balanceCents, pendingCents }, contracts] = await Promise.all([
      repo.balances(user.id),
      app.contractService.list(user.id, false, now),
    ]);
    return {
      balance: balanceCents / 100,
      balanceCents,
      pendingCents,
      unpaidContracts: contracts.filter((c) => c.status === 'PENDING_PAYMENT' && !c.paidLater),
    };
  });

  app.get(
    '/payment/my-account-history',
    { schema: { querystring: AccountHistoryQuery, response: responses({ 200: AccountHistory }) } },
    async (request) => {
      const user = requireUser(request);
      await app.wallet.realiseEnded(app.clock.now(), user.id);
      return repo.history(user.id, request.query.size);
    },
  );

  /**
   * Where the provider sends the browser back: shows the outcome on the order's page and never
   * credits (only the signed notification does, exactly once).
   */
  app.get(
    '/payment/return',
    {
      schema: {
        querystring: ReturnQuery,
        response: responses({ 303: mediaResponse('To the order’s page on the site, with payment_result', ['text/plain']) }),
      },
    },
    async (request, reply) => {
      // A browser navigation: every answer is a redirect to a page that tells the payer in
      // Estonian, never an API error body. A token that is no order of ours (forged, unknown,
      // malformed) lands on the money account's failure notice and credits nothing.
      const toSite = (path: string, result: PaymentResult) => {
        const sep = path.includes('?') ? '&' : '?';
        return reply.redirect(`${app.config.publicSiteUrl}${path}${sep}payment_result=${result}`, 303);
      };
      const token = request.query['order-token'];
      if (token === undefined) return toSite(RETURN_FALLBACK_PATH, 'failure');
      // The same checks as the webhook (signature, key, amount): a forged token credits nothing.
      const checked = await orders.verify(token).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 400) return null;
        throw error;
      });
      if (!checked) return toSite(RETURN_FALLBACK_PATH, 'failure');
      return toSite(checked.order.returnPath, returnResult(checked.notification.paymentStatus));
    },
  );

  /** The provider's webhook (no session; the signature is the authentication). */
  // Priority: the provider's notification must never queue behind heavy reads at the concurrency
  // gate (and the sandbox bank delivers it while its own request is still open).
  app.post(
    '/payment/notify',
    { config: { priority: true }, schema: { body: NotifyBody, response: responses({ 200: OkResponse }) } },
    async (request) => {
      if (request.body.orderToken === undefined) return { ok: true as const };
      const result = await orders.applyNotification(request.body.orderToken);
      if (result === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND', messages.errors.account.orderNotFound);
      return { ok: true as const };
    },
  );
};

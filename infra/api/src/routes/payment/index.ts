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
  WithdrawalAnswer,
  WithdrawalRequest,
} from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { paymentNotAllowed } from '../../repositories/payment-repository';
import { mediaResponse, responses } from '../../schemas/responses';
import { eurosToCents } from '../../lib/money';

/** Roles that may not pay money in (spec owner 9: limited users, and users still to verify identity). */
const NO_DEPOSIT_ROLES = ['ROLE_USER_LIMITED', 'ROLE_USER_B2C_NEED_ID'];

/**
 * Montonio's webhook body: `{orderToken}` for an order's status, `{refundToken}` for a refund's
 * (this API starts no refunds through Montonio, so those are acknowledged and left alone).
 */
const NotifyBody = z
  .object({ orderToken: z.string().min(1).max(8192).optional(), refundToken: z.string().min(1).max(8192).optional() })
  .refine((b) => b.orderToken !== undefined || b.refundToken !== undefined, { message: messages.errors.account.invalidSignature });
const ReturnQuery = z.object({ 'order-token': z.string().min(1).max(8192) });

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

  app.post('/payment/withdrawal', { schema: { body: WithdrawalRequest, response: responses({ 200: WithdrawalAnswer }) } }, async (request) => {
    const user = requireUser(request);
    const accountNr = await repo.accountNumberOf(user.id);
    if (!accountNr || !validateIban(accountNr)) throw new ApiError(409, 'NO_ACCOUNT_NR', messages.errors.account.noAccountNr);
    const amountCents = eurosToCents(request.body.amount);
    const done = await repo.withdraw(user.id, amountCents, app.clock.now());
    return { paymentId: done.paymentId, amountCents, balanceCents: done.balanceCents };
  });

  app.put('/payment/contract', { schema: { querystring: PayContractsQuery, response: responses({ 200: PayContractsAnswer }) } }, async (request) => {
    const user = requireUser(request);
    const done = await app.wallet.payContracts(user.id, request.query.contracts, app.clock.now());
    return { paidCents: done.paidCents, balanceCents: done.balanceCents, contractIds: done.contractIds };
  });

  app.get('/payment/unpaid-contracts', { schema: { response: responses({ 200: AccountSummary }) } }, async (request) => {
    const user = requireUser(request);
    const now = app.clock.now();
    // Realised on read too: the owner sees the rent on the balance the moment the rental ends.
    await app.wallet.realiseEnded(now, user.id);
    const [{ balanceCents, pendingCents }, contracts] = await Promise.all([repo.balances(user.id), app.contractService.list(user.id, false, now)]);
    return {
      balance: balanceCents / 100,
      balanceCents,
      pendingCents,
      unpaidContracts: contracts.filter((c) => c.status === 'PENDING_PAYMENT' && !c.paidLater),
    };
  });

  app.get('/payment/my-account-history', { schema: { querystring: AccountHistoryQuery, response: responses({ 200: AccountHistory }) } }, async (request) => {
    const user = requireUser(request);
    await app.wallet.realiseEnded(app.clock.now(), user.id);
    return repo.history(user.id, request.query.size);
  });

  /**
   * Where the provider sends the browser back: shows the outcome on the order's page and never
   * credits (only the signed notification does, exactly once).
   */
  app.get(
    '/payment/return',
    { schema: { querystring: ReturnQuery, response: responses({ 303: mediaResponse('To the order’s page on the site, with payment_result', ['text/plain']) }) } },
    async (request, reply) => {
      // The same checks as the webhook (signature, key, amount): a forged token lands nowhere.
      const checked = await orders.verify(request.query['order-token']);
      if (!checked) throw new ApiError(404, 'NOT_FOUND', messages.errors.account.orderNotFound);
      const { notification, order } = checked;
      const result = notification.paymentStatus === 'PAID' ? 'success' : 'failure';
      const sep = order.returnPath.includes('?') ? '&' : '?';
      return reply.redirect(`${app.config.publicSiteUrl}${order.returnPath}${sep}payment_result=${result}`, 303);
    },
  );

  /** The provider's webhook (no session; the signature is the authentication). */
  // Priority: the provider's notification must never queue behind heavy reads at the concurrency
  // gate (and the sandbox bank delivers it while its own request is still open).
  app.post('/payment/notify', { config: { priority: true }, schema: { body: NotifyBody, response: responses({ 200: OkResponse }) } }, async (request) => {
    if (request.body.orderToken === undefined) return { ok: true as const };
    const result = await orders.applyNotification(request.body.orderToken);
    if (result === 'NOT_FOUND') throw new ApiError(404, 'NOT_FOUND', messages.errors.account.orderNotFound);
    return { ok: true as const };
  });
};

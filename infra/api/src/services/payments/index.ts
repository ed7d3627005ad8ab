import fp from 'fastify-plugin';
import { PaymentOrdersService } from './payment-orders';
import { providerFromConfig } from './provider';
import { startMoneyJobs } from './money-jobs';
import { WebhookSender } from './webhook-delivery';

export { payContractsFromWallet, paidForContract, refundCancelledContract, realiseContract } from './contract-money';
export type { PayContractsInput, PaidContracts } from './contract-money';

/**
 * The money side's services: the bank-link provider of the configuration, the payment orders
 * (`app.paymentOrders`, the port features paid by bank link use), the webhook sender the sandbox
 * bank delivers with, and the minute's money sweep. The deposit's settle handler is registered
 * here: a deposit is the wallet credit itself, nothing more to do.
 */
export const paymentServices = fp(
  async (app) => {
    const orders = new PaymentOrdersService(app, app.paymentRepository, providerFromConfig(app.config));
    app.decorate('paymentOrders', orders);
    app.decorate('bankLink', orders);
    app.decorate('webhookSender', new WebhookSender(app));
    orders.onSettled('DEPOSIT', async () => undefined);
    startMoneyJobs(app, orders);
  },
  { name: 'payment-services', dependencies: ['repositories'] },
);

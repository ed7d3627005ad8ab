import fp from 'fastify-plugin';
import { PaymentOrdersService } from './payment-orders';
import { providerFromConfig, type BankLinkProvider } from './provider';

/** The sandbox bank keeps this many orders (it is a stand-in); the oldest go first beyond this. */
const SANDBOX_MAX_ORDERS = 10_000;
import { Wallet } from './wallet';
import type { PaymentOrders } from './order-port';

export { payContractsFromWallet, paidForContract, refundCancelledContract, realiseContract } from './contract-money';
export type { PayContractsInput, PaidContracts } from './contract-money';

/**
 * The money side's services: the bank-link provider of the configuration, the payment orders
 * (`app.paymentOrders`, the port features paid by bank link use), the webhook sender the sandbox
 * bank delivers with (the minute's money sweep runs in the jobs plugin). The deposit's settle handler is registered
 * here: a deposit is the wallet credit itself, nothing more to do.
 */
export const paymentServices = fp<{ orders?: PaymentOrders; provider?: BankLinkProvider }>(
  async (app, options) => {
    const orders = new PaymentOrdersService(
      app,
      app.paymentRepository,
      options.provider ??
        providerFromConfig(app.config, (id, order, now) => app.sandboxBankOrderRepository.add(id, order, now, SANDBOX_MAX_ORDERS)),
    );
    // Tests of a feature paid by bank link may settle its orders through a recording fake.
    if (options.orders && 'attach' in options.orders && typeof options.orders.attach === 'function') options.orders.attach(orders);
    app.decorate('paymentOrders', options.orders ?? orders);
    app.decorate('bankLink', orders);
    app.decorate('wallet', new Wallet(app.db));
    orders.onSettled('DEPOSIT', async () => undefined);
  },
  { name: 'payment-services', dependencies: ['repositories'] },
);

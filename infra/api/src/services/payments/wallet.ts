import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { accountBalance, accounts } from '../../repositories/ledger';
import { payContractsFromWallet, realiseEndedRentals, type PaidContracts } from './contract-money';

/** The wallet's money movements that routes and jobs start (the rules are contract-money's). */
export class Wallet {
  constructor(private readonly db: Db) {}

  /** Pays the renter's contracts from the wallet, all or nothing, and answers the balance after it. */
  async payContracts(userId: number, contractIds: number[], now: Date): Promise<PaidContracts & { balanceCents: number }> {
    return withTransaction(this.db, async (tx) => {
      const paid = await payContractsFromWallet(tx, { payerId: userId, contractIds, now });
      return { ...paid, balanceCents: await accountBalance(tx, accounts.wallet(userId)) };
    });
  }

  /** Realises the rent of ended rentals (of one owner when given: the on-read path). */
  realiseEnded(now: Date, ownerId?: number): Promise<number> {
    return realiseEndedRentals(this.db, now, ownerId);
  }
}

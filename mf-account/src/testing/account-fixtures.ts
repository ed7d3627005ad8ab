import type { AccountHistoryRow, AccountSummary, Contract, PaymentMethod } from 'shared-kernel/schemas';

const DAY = 24 * 60 * 60 * 1000;
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

export const OWNER = { id: 7, name: 'Olev', lastName: 'Omanik' };
export const RENTER = { id: 8, name: 'Riina', lastName: 'Rentija' };

/** A PENDING_PAYMENT contract of the renter; `total` in euros as the API gives it. */
export function makeUnpaidContract(id: number, name: string, total: number, overrides: Partial<Contract> = {}): Contract {
  return {
    id,
    status: 'PENDING_PAYMENT',
    startTs: inFuture(3 * DAY),
    endTs: inFuture(5 * DAY),
    reservationId: id + 100,
    reservationHash: `hash${id}`,
    hourly: false,
    product: { id: id + 200, name, imageUrl: null },
    renter: { ...RENTER, phone: '+37255511111' },
    owner: { ...OWNER, phone: null },
    manualRenter: null,
    price: { amount: total, vat: 0, ourFee: 0, additionalServiceCost: 0, total, vatRate: 0, tier: 'day', units: 2 },
    depositCents: 0,
    paidLater: false,
    acceptedText: null,
    incoming: false,
    mayPay: true,
    mayCancel: true,
    mayReportBroken: false,
    mayMarkReceived: false,
    mayMarkReturned: false,
    renterReceivedTs: null,
    ownerHandedOverTs: null,
    renterReturnedTs: null,
    ownerReturnedTs: null,
    cancelReason: null,
    refundCents: null,
    createdTs: inFuture(-DAY),
    ...overrides,
  };
}

export function makeSummary(balanceCents: number, unpaidContracts: Contract[] = [], pendingCents = 0): AccountSummary {
  return { balance: balanceCents / 100, balanceCents, pendingCents, unpaidContracts };
}

let nextRow = 1;
export function makeHistoryRow(overrides: Partial<AccountHistoryRow> = {}): AccountHistoryRow {
  const amountCents = overrides.amountCents ?? 5000;
  return {
    id: nextRow++,
    // 14:05 UTC in summer is 17:05 in Tallinn.
    createdTs: '2025-07-03T14:05:00Z',
    direction: 'IN',
    titleCode: 'INPAYMENT',
    status: 'COMPLETED',
    amount: amountCents / 100,
    amountCents,
    contractId: null,
    productName: null,
    ...overrides,
  };
}

export const BANKS: PaymentMethod[] = [
  { code: 'swedbank', name: 'Swedbank', logoUrl: '/banks/swedbank.svg' },
  { code: 'seb', name: 'SEB', logoUrl: '/banks/seb.svg' },
  { code: 'lhv', name: 'LHV', logoUrl: '/banks/lhv.svg' },
];

import type { Contract, ContractByHash, FeeBreakdown, Product, Reservation } from 'shared-kernel/schemas';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

export const OWNER = { id: 7, name: 'Olev', lastName: 'Omanik' };
export const RENTER = { id: 8, name: 'Riina', lastName: 'Rentija' };

export function makePrice(overrides: Partial<FeeBreakdown> = {}): FeeBreakdown {
  return { amount: 30, vat: 7.2, ourFee: 3, additionalServiceCost: 0, total: 40.2, vatRate: 24, tier: 'day', units: 3, ...overrides };
}

export function makeReservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 41,
    hash: 'abcdEFGH1234',
    status: 'REQUESTED',
    startTs: inFuture(3 * DAY),
    endTs: inFuture(5 * DAY),
    hourly: false,
    product: { id: 5, name: 'Matkatelk' },
    user: RENTER,
    productOwner: OWNER,
    additionalServices: [],
    additionalServiceCost: 0,
    price: makePrice(),
    createdTs: inFuture(-DAY),
    ...overrides,
  };
}

export function makeContractByHash(overrides: Partial<ContractByHash> = {}): ContractByHash {
  return {
    id: 90,
    status: 'PENDING_PAYMENT',
    startTs: inFuture(3 * DAY),
    endReadonly: inFuture(5 * DAY),
    automaticText: 'Tere! Tule Tartusse.',
    ownerPhone: '+37255500000',
    ...overrides,
  };
}

export function makeContract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 90,
    status: 'PENDING_PAYMENT',
    startTs: inFuture(3 * DAY),
    endTs: inFuture(5 * DAY),
    reservationId: 41,
    reservationHash: 'abcdEFGH1234',
    hourly: false,
    product: { id: 5, name: 'Matkatelk', imageUrl: null },
    renter: { ...RENTER, phone: '+37255511111' },
    owner: { ...OWNER, phone: null },
    manualRenter: null,
    price: makePrice(),
    depositCents: 10_000,
    paidLater: false,
    acceptedText: null,
    incoming: false,
    mayPay: false,
    mayCancel: false,
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

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 5,
    name: 'Matkatelk',
    description: '',
    images: [],
    paidLater: false,
    startTs: '08:00',
    endTs: '20:00',
    rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
    vacationDays: [],
    priceDaily: 10,
    priceHour: null,
    threeDay: null,
    aweek: null,
    twoWeek: null,
    month: null,
    weekendDay: null,
    createdTs: inFuture(-30 * DAY),
    deleted: false,
    inactiveReason: null,
    categoryId: 3,
    userId: OWNER.id,
    allowVat: false,
    cost: 100,
    rating: null,
    additionalServices: [],
    automaticallyApproved: false,
    automaticallyApprovedTxt: null,
    productCode: null,
    reservations: [],
    location: null,
    lat: null,
    lon: null,
    locationDescription: null,
    loadedCount: 1,
    ...overrides,
  };
}

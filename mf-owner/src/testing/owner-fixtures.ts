import type { OwnerProduct, OwnerReservation, TechnicalFields } from 'shared-kernel/schemas';

export const NO_TECHNICAL: TechnicalFields = {
  width: null, height: null, lengthOfItem: null, weight: null, maxCarry: null, engineType: null, issueYear: null, power: null, axleCount: null,
  seat: null, gear: null, platformHeight: null, canGoForeign: null, carryingWheels: null, carryConfiguration: null, distanceTravelled: null,
  radiusMax: null, platformMeasurements: null, liftType: null,
};

/** One of the owner's products as GET /products/my-products answers: 10 € a day net, owner 8. */
export function makeOwnerProduct(overrides: Partial<OwnerProduct> = {}): OwnerProduct {
  return {
    id: 12, name: 'Respo kastihaagis', description: 'Hea haagis', paidLater: false, startTs: '08:00', endTs: '18:00',
    rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], vacationDays: [],
    images: [{ id: 1, url: '/api/files/u8-cover.jpg', title: 'u8-cover.jpg' }], priceDaily: 10, priceHour: null, threeDay: null, aweek: null,
    twoWeek: null, month: null, weekendDay: null, createdTs: '2024-03-01T00:00:00Z', deleted: false, inactiveReason: null, categoryId: 17,
    userId: 8, allowVat: false, cost: 0, rating: null, additionalServices: [], automaticallyApproved: false, automaticallyApprovedTxt: null,
    productCode: null, reservations: [], location: '58.38,26.72', lat: 58.38, lon: 26.72, locationDescription: 'Tartu', loadedCount: 1,
    technical: NO_TECHNICAL, categoryName: 'Haagised', parentCategoryId: 1, ownerReservations: [], rentedNow: false, active: true,
    ...overrides,
  };
}

export function makeOwnerReservation(overrides: Partial<OwnerReservation> = {}): OwnerReservation {
  return {
    id: 70, hash: 'abcdEFGH1234', status: 'ACCEPTED', startTs: '2025-06-02T05:00:00.000Z', endTs: '2025-06-03T05:00:00.000Z',
    renterName: 'Riina Rentija', personPhone: null,
    ...overrides,
  };
}

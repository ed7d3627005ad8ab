import type { Product, ProductDetails } from 'shared-kernel/schemas';

/** A bookable product as GET /products/{id} returns it: every day 08:00–18:00, 10 € a day net. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 12, name: 'Respo kastihaagis', description: 'Hea haagis', paidLater: false, startTs: '08:00', endTs: '18:00', rentDays: [], vacationDays: [],
    images: [], priceDaily: 10, priceHour: null, threeDay: null, aweek: null, twoWeek: null, month: null, weekendDay: null,
    createdTs: '2024-03-01T00:00:00Z', deleted: false, inactiveReason: null, categoryId: 17, userId: 3, allowVat: true, cost: 100, rating: null,
    additionalServices: [], automaticallyApproved: false, automaticallyApprovedTxt: null,
    productCode: null, reservations: [], location: null, lat: null, lon: null, locationDescription: null, loadedCount: 1,
    ...overrides,
  };
}

/** The same product as the product page holds it (GET /products/{id}/details). */
export function testProductDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    ...testProduct(),
    technical: { width: null, height: null, lengthOfItem: null, weight: null, maxCarry: null, engineType: null, issueYear: null, power: null, axleCount: null, seat: null, gear: null, platformHeight: null, canGoForeign: null, carryingWheels: null, carryConfiguration: null, distanceTravelled: null, radiusMax: null, platformMeasurements: null, liftType: null },
    categoryName: 'Sõiduautohaagised', parentCategoryId: 1, parentCategoryName: 'Haagised', categoryLabel: 'Haagised - Sõiduautohaagised',
    owner: { id: 3, name: 'Rendiäri OÜ', type: 'B2B', allowVat: true },
    ...overrides,
  };
}

import type { ProductDetails } from 'shared-kernel/schemas';

/**
 * A product that exists nowhere: the server entry renders it once when it is loaded (`warm`), so
 * the first visitor's render does not pay for compiling React's and the page's code, and the
 * publish gate can smoke-render a build without an API.
 */
export const SAMPLE_PRODUCT: ProductDetails = {
  id: 1, name: 'Näidistoode', description: 'Näidistoote kirjeldus', paidLater: false, startTs: '08:00', endTs: '18:00', rentDays: ['MONDAY'], vacationDays: [],
  images: [{ id: 1, url: '/images/sample.jpg', title: 'Näidistoode' }],
  priceDaily: 10, priceHour: 2, threeDay: 9, aweek: 8, twoWeek: null, month: null, weekendDay: null,
  createdTs: '2024-03-01T00:00:00Z', deleted: false, inactiveReason: null, categoryId: 17, userId: 3, allowVat: true, cost: 100, rating: 4,
  additionalServices: [{ id: 1, name: 'Rihmad', cost: 5, additionalInfo: null }], automaticallyApproved: false, automaticallyApprovedTxt: null,
  productCode: null, reservations: [], location: '58.3,26.7', lat: 58.3, lon: 26.7, locationDescription: 'Tartu', loadedCount: 1,
  technical: { width: null, height: null, lengthOfItem: null, weight: null, maxCarry: null, engineType: null, issueYear: null, power: null, axleCount: null, seat: null, gear: null, platformHeight: null, canGoForeign: null, carryingWheels: null, carryConfiguration: null, distanceTravelled: null, radiusMax: null, platformMeasurements: null, liftType: null },
  categoryName: 'Sõiduautohaagised', parentCategoryId: 1, parentCategoryName: 'Haagised', categoryLabel: 'Haagised - Sõiduautohaagised',
  owner: { id: 3, name: 'Näidisomanik', type: 'B2B', allowVat: true },
};

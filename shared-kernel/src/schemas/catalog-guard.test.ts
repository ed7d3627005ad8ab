import { EURO_VALUES, fieldVariants, sameAsSchema } from '../guards/guard-table';
import { ProductList } from './catalog';
import { ProductListGuard } from './catalog-guard';

const image = { id: 1, url: '/img/1.jpg', title: 'Kaanepilt', largeUrl: '/img/1-large.jpg' };
const service = { id: 2, name: 'Kohaletoomine', cost: 15, additionalInfo: null };
const reservation = { id: 3, startTs: '2026-12-01T08:00:00Z', endTs: '2026-12-02T08:00:00Z' };
const blocked = { startTs: '2026-12-05T00:00:00Z', endTs: '2026-12-06T00:00:00Z' };
const product = {
  id: 10,
  name: 'Haagis',
  description: 'Kerge haagis',
  images: [image],
  paidLater: false,
  startTs: '08:00',
  endTs: '20:00',
  rentDays: ['MONDAY', 'SATURDAY'],
  vacationDays: ['2026-12-24'],
  priceDaily: 25,
  priceHour: null,
  threeDay: 60,
  aweek: null,
  twoWeek: null,
  month: 300.5,
  weekendDay: null,
  createdTs: '2026-11-01T10:00:00Z',
  deleted: false,
  inactiveReason: null,
  categoryId: 4,
  userId: 5,
  allowVat: true,
  cost: 0,
  rating: 4.5,
  additionalServices: [service],
  automaticallyApproved: true,
  automaticallyApprovedTxt: null,
  productCode: 'H-1',
  reservations: [reservation],
  blockedPeriods: [blocked],
  location: '59.43,24.75',
  lat: 59.43,
  lon: 24.75,
  locationDescription: null,
  loadedCount: 120,
};

const nested = (base: Record<string, unknown>, values: Record<string, unknown[]> = {}) => [
  [],
  [null],
  ...fieldVariants(base, values).map((v) => [v]),
];
const values: Record<string, unknown[]> = {
  images: nested(image, { largeUrl: [undefined] }),
  additionalServices: nested(service, { cost: EURO_VALUES, additionalInfo: ['x'] }),
  reservations: nested(reservation),
  blockedPeriods: nested(blocked),
  rentDays: [[], ['SUNDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], ['monday'], ['HOLIDAY'], [1]],
  vacationDays: [[], [1]],
  cost: EURO_VALUES,
  rating: [null, -1.5, 5],
  lat: [null, -90.5],
  lon: [null, 180.25],
  loadedCount: [0, -1, 1.5],
};
for (const price of ['priceDaily', 'priceHour', 'threeDay', 'aweek', 'twoWeek', 'month', 'weekendDay'])
  values[price] = [null, ...EURO_VALUES];
for (const text of ['inactiveReason', 'automaticallyApprovedTxt', 'productCode', 'location', 'locationDescription'])
  values[text] = [null, 'x'];

const inputs: unknown[] = [
  null,
  undefined,
  {},
  'x',
  [],
  [product, product],
  [product, null],
  ...fieldVariants(product, values).map((p) => [p]),
];

describe('the front page products guard decides as ProductList', () => {
  it.each(inputs.map((input, i) => [i, input]))('answer %i', (_, input) => sameAsSchema(ProductList, ProductListGuard, input));
});

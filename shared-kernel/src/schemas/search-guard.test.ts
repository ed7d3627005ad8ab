import { EURO_VALUES, fieldVariants, sameAsSchema } from '../guards/guard-table';
import { MarkerList } from './search';
import { MarkerListGuard } from './search-guard';

const units = { unit: 'days', count: 3 };
const marker = {
  id: 27,
  title: 'Respo kastihaagis',
  imageUrl: '/img/27.jpg',
  priceDaily: 25,
  periodPrice: 62.5,
  periodUnits: units,
  paidLater: true,
  location: 'Tallinn',
  lat: 59.43,
  lon: 24.75,
};
const plain = { id: 28, title: 'Brenderup', imageUrl: null, priceDaily: null, location: 'Tartu', lat: 58.37, lon: 26.72 };

const values: Record<string, unknown[]> = {
  id: [0, -1, 1.5],
  priceDaily: [null, 0, -0, 12, 12.5, 12.34, ...EURO_VALUES],
  periodPrice: [null, ...EURO_VALUES],
  periodUnits: [
    null,
    { unit: 'hours', count: 1 },
    { unit: 'weeks', count: 1 },
    { unit: 'days', count: 0 },
    { unit: 'days', count: 1.5 },
    { unit: 'days' },
    { count: 2 },
    { ...units, extra: 1 },
  ],
  paidLater: [false, 'true', 1],
  lat: [-90.5, 1e9],
  lon: [180.25],
};

const answer = (markers: unknown, truncated: unknown = false) => ({ markers, truncated });
const inputs: unknown[] = [
  null,
  undefined,
  [],
  {},
  'x',
  answer([]),
  answer([], true),
  answer([], 'false'),
  answer([], undefined),
  { markers: [marker] },
  { ...answer([marker]), extra: 1 },
  answer(null),
  answer([marker, plain]),
  answer([marker, null]),
  ...fieldVariants(marker, values).map((m) => answer([m])),
  ...fieldVariants(plain).map((m) => answer([plain, m])),
];

describe('the map markers guard decides as MarkerList', () => {
  it.each(inputs.map((input, i) => [i, input]))('answer %i', (_, input) => sameAsSchema(MarkerList, MarkerListGuard, input));
});

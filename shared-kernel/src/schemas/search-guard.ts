import { bool, centsOfEuros, euros, guardOf, list, nullable, num, obj, oneOf, optional, str, type Shape } from '../guards/checks';
import type { MarkerList } from './search';

// `MarkerList` without zod: a desktop's search page asks for the map's markers on its first load,
// when nothing else on it needs zod (issue 28, ADR 0056). search-guard.test.ts holds it equal to
// the schema in search.ts.

const int = num({ int: true });

/** `Euros.int()`: whole euros, as search shows its prices. */
const wholeEuros: Shape<number> = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || centsOfEuros(value) === null) issues.add(path, true);
  return value as number;
};

/** `z.literal(true)`. */
const onlyTrue: Shape<true> = (value, path, issues) => {
  if (value !== true) issues.add(path, true);
  return value as true;
};

const PeriodUnits = obj({ unit: oneOf(['hours', 'days']), count: num({ int: true, positive: true }) });

const MapMarker = obj({
  id: int,
  title: str(),
  imageUrl: nullable(str()),
  priceDaily: nullable(wholeEuros),
  periodPrice: optional(nullable(euros)),
  periodUnits: optional(nullable(PeriodUnits)),
  paidLater: optional(onlyTrue),
  location: str(),
  lat: num(),
  lon: num(),
});

/** `GET /products/markers`: the map's markers in a box. */
export const MarkerListGuard = guardOf<MarkerList>(obj({ markers: list(MapMarker), truncated: bool }));

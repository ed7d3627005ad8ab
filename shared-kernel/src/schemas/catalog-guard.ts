import { bool, euros, guardOf, list, nullable, num, obj, oneOf, optional, str } from '../guards/checks';
import type { ProductList } from './catalog';

// `ProductList` without zod: the front page's product slider reads `/products` on its first paint,
// before any page needs zod (issue 28). catalog-guard.test.ts holds it equal to the schema in catalog.ts.

const int = num({ int: true });

const ProductImage = obj({ id: int, url: str(), title: str(), largeUrl: optional(str()) });
const AdditionalService = obj({ id: int, name: str(), cost: euros, additionalInfo: nullable(str()) });
const ReservationWindow = obj({ id: int, startTs: str(), endTs: str() });
const BlockedPeriodWindow = obj({ startTs: str(), endTs: str() });
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

const Product = obj({
  id: int,
  name: str(),
  description: str(),
  images: list(ProductImage),
  paidLater: bool,
  startTs: str(),
  endTs: str(),
  rentDays: list(oneOf(WEEKDAYS)),
  vacationDays: list(str()),
  priceDaily: nullable(euros),
  priceHour: nullable(euros),
  threeDay: nullable(euros),
  aweek: nullable(euros),
  twoWeek: nullable(euros),
  month: nullable(euros),
  weekendDay: nullable(euros),
  createdTs: str(),
  deleted: bool,
  inactiveReason: nullable(str()),
  categoryId: int,
  userId: int,
  allowVat: bool,
  cost: euros,
  rating: nullable(num()),
  additionalServices: list(AdditionalService),
  automaticallyApproved: bool,
  automaticallyApprovedTxt: nullable(str()),
  productCode: nullable(str()),
  reservations: list(ReservationWindow),
  blockedPeriods: optional(list(BlockedPeriodWindow)),
  location: nullable(str()),
  lat: nullable(num()),
  lon: nullable(num()),
  locationDescription: nullable(str()),
  loadedCount: int,
});

/** `GET /products`: one page of products. */
export const ProductListGuard = guardOf<ProductList>(list(Product));

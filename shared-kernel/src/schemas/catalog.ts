import { z } from 'shared-kernel/zod';
import { Euros } from './money';

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Absent (null) for a top-level category; products belong to a child category. */
  parentCategoryId: z.number().int().nullable(),
});
export type Category = z.infer<typeof Category>;

export const Weekday = z.enum(['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY']);
export type Weekday = z.infer<typeof Weekday>;

export const ProductImage = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  /**
   * The cover's larger rendition from the same upload (at most 2000 px wide), for where the cover
   * is shown large; absent for other images and for covers without one (issue 25).
   */
  largeUrl: z.string().optional(),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const AdditionalService = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Euros. */
  cost: Euros,
  additionalInfo: z.string().nullable(),
});
export type AdditionalService = z.infer<typeof AdditionalService>;

export const ReservationWindow = z.object({ id: z.number().int(), startTs: z.string(), endTs: z.string() });
export type ReservationWindow = z.infer<typeof ReservationWindow>;
export const BlockedPeriodWindow = z.object({ startTs: z.string(), endTs: z.string() });
export type BlockedPeriodWindow = z.infer<typeof BlockedPeriodWindow>;

/**
 * A product as the public site reads it (spec section 3). Prices are euros (null when the owner
 * gave none); `startTs`/`endTs` are the daily HH:mm window; `location` is the text point "lat,lon".
 */
export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  images: z.array(ProductImage),
  paidLater: z.boolean(),
  startTs: z.string(),
  endTs: z.string(),
  rentDays: z.array(Weekday),
  vacationDays: z.array(z.string()),
  priceDaily: Euros.nullable(),
  priceHour: Euros.nullable(),
  threeDay: Euros.nullable(),
  aweek: Euros.nullable(),
  twoWeek: Euros.nullable(),
  month: Euros.nullable(),
  weekendDay: Euros.nullable(),
  createdTs: z.string(),
  deleted: z.boolean(),
  inactiveReason: z.string().nullable(),
  categoryId: z.number().int(),
  userId: z.number().int(),
  allowVat: z.boolean(),
  /** Deposit / approximate cost, euros. */
  cost: Euros,
  rating: z.number().nullable(),
  additionalServices: z.array(AdditionalService),
  automaticallyApproved: z.boolean(),
  automaticallyApprovedTxt: z.string().nullable(),
  productCode: z.string().nullable(),
  reservations: z.array(ReservationWindow),
  /** Periods the owner's followed outside calendars hold (issue 32): taken like reservations. Optional: older answers and fixtures have none. */
  blockedPeriods: z.array(BlockedPeriodWindow).optional(),
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  locationDescription: z.string().nullable(),
  /** Total number of products the list query found (same on every item of a page). */
  loadedCount: z.number().int(),
});
export type Product = z.infer<typeof Product>;

export const ProductList = z.array(Product);
export type ProductList = z.infer<typeof ProductList>;

/**
 * `GET /products/customer-products/{id}`: one user's products, each naming the owner as the public
 * sees them (a company by name, a person as 'Mari M.'), never more of the account.
 */
export const CustomerProduct = Product.extend({ ownerName: z.string() });
export type CustomerProduct = z.infer<typeof CustomerProduct>;
export const CustomerProductList = z.array(CustomerProduct);
export type CustomerProductList = z.infer<typeof CustomerProductList>;

export const TechnicalFields = z.object({
  width: z.number().nullable(),
  height: z.number().nullable(),
  lengthOfItem: z.number().nullable(),
  weight: z.number().nullable(),
  maxCarry: z.number().nullable(),
  engineType: z.string().nullable(),
  issueYear: z.number().int().nullable(),
  power: z.number().nullable(),
  axleCount: z.number().int().nullable(),
  seat: z.number().int().nullable(),
  gear: z.string().nullable(),
  platformHeight: z.number().nullable(),
  canGoForeign: z.boolean().nullable(),
  carryingWheels: z.string().nullable(),
  carryConfiguration: z.string().nullable(),
  distanceTravelled: z.number().int().nullable(),
  radiusMax: z.number().nullable(),
  platformMeasurements: z.string().nullable(),
  liftType: z.string().nullable(),
});
export type TechnicalFields = z.infer<typeof TechnicalFields>;

export const ProductOwnerPublic = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['B2B', 'B2C']),
  allowVat: z.boolean(),
});
export type ProductOwnerPublic = z.infer<typeof ProductOwnerPublic>;

/** `GET /products/{id}/details`: the product plus technical fields, category names and the owner's public card. */
export const ProductDetails = Product.extend({
  technical: TechnicalFields,
  categoryName: z.string(),
  parentCategoryId: z.number().int().nullable(),
  parentCategoryName: z.string().nullable(),
  /** "parent - child", as the product page shows it. */
  categoryLabel: z.string(),
  owner: ProductOwnerPublic,
});
export type ProductDetails = z.infer<typeof ProductDetails>;

export const ProductListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** Most URLs one sitemap file may list (sitemaps.org): one page of the public product index. */
export const SITEMAP_MAX_URLS = 50_000;

/** `GET /products/public-index`: pages of the products a visitor can open, for the sitemap. */
export const PublicProductIndexQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  perPage: z.coerce.number().int().min(1).max(SITEMAP_MAX_URLS).default(SITEMAP_MAX_URLS),
});
export type PublicProductIndexQuery = z.infer<typeof PublicProductIndexQuery>;

/** Not deleted and not taken off rent, by id; `updatedTs` is the last change of the product's page. */
export const PublicProductIndex = z.object({
  items: z.array(z.object({ id: z.number().int().positive(), updatedTs: z.string() })),
  /** every such product, over all pages */
  total: z.number().int().min(0),
});
export type PublicProductIndex = z.infer<typeof PublicProductIndex>;

export const FileNameParam = z.object({ name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/) });
export type FileNameParam = z.infer<typeof FileNameParam>;

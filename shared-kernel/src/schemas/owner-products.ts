import { z } from 'shared-kernel/zod';
import { EurosAmount } from './money';
import { AdditionalService, Product, TechnicalFields, Weekday } from './catalog';
import { Instant, Reservation, ReservationStatus } from './booking';
import { CalendarFeedError, CalendarFeedWarning } from './calendars';

// ---------------------------------------------------------------------------------------------
// The owner's side of the catalogue (issue 11): create, edit, remove, restore, services, images,
// my products, manual rents. Prices on the wire are euros **net of VAT**, as stored; the UI shows
// and takes them with the owner's VAT (`ownerPriceCents` / `netFromOwnerPriceCents` in
// shared-kernel/domain) and converts before sending.
// ---------------------------------------------------------------------------------------------

const MAX_ID = 2147483647;
const PositiveId = z.number().int().positive().max(MAX_ID);
const REQUIRED = 'Kohustustlik väli';

/** Euros with at most two decimals, 0 … 1 000 000 (the one money schema, ./money). */
const Euro = EurosAmount;
const OptionalEuro = Euro.nullish();

/** A daily clock time 'HH:mm' (00:00 … 23:59). */
export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Aeg kujul TT:MM');
export type ClockTime = z.infer<typeof ClockTime>;

/** A calendar date 'YYYY-MM-DD' (a vacation day, in Tallinn). */
export const IsoDate = z.iso.date();

/** Spec 9 limits of the owner area. */
export const OWNER_LIMITS = {
  productCodeMax: 100,
  approvalTextMax: 250,
  serviceNameMax: 255,
  serviceInfoMax: 511,
  imagesMax: 4,
  imageBytesMax: 9_900_000,
  coverWidthMax: 435,
  imageWidthMax: 2000,
  nameMax: 200,
  descriptionMax: 5000,
  vacationDaysMax: 366,
  servicesMax: 20,
  reasonMax: 500,
} as const;

/** Spec 4 "Additional service rows": name and cost required; info optional. */
export const AdditionalServiceInput = z.object({
  name: z.string().trim().min(1, REQUIRED).max(OWNER_LIMITS.serviceNameMax),
  additionalInfo: z.string().trim().max(OWNER_LIMITS.serviceInfoMax).nullish(),
  cost: Euro,
});
export type AdditionalServiceInput = z.infer<typeof AdditionalServiceInput>;

/** `PUT /products/{id}/services/{serviceId}/update` answers, `POST /products/{id}/services` too. */
export const AdditionalServiceAnswer = AdditionalService;

/** Technical fields as sent: every field optional; which apply depends on the category (`technicalFieldsFor`). */
export const TechnicalFieldsInput = TechnicalFields.partial();
export type TechnicalFieldsInput = z.infer<typeof TechnicalFieldsInput>;

const productFields = {
  name: z.string().trim().min(1, REQUIRED).max(OWNER_LIMITS.nameMax),
  /** The child category (a product never sits in a top-level category). */
  categoryId: PositiveId,
  description: z.string().trim().min(1, REQUIRED).max(OWNER_LIMITS.descriptionMax),
  priceDaily: Euro.refine((v) => v > 0, REQUIRED),
  priceHour: OptionalEuro,
  threeDay: OptionalEuro,
  aweek: OptionalEuro,
  twoWeek: OptionalEuro,
  month: OptionalEuro,
  weekendDay: OptionalEuro,
  /** Deposit, euros. */
  cost: Euro.default(0),
  rentDays: z
    .array(Weekday)
    .max(7)
    .transform((days) => [...new Set(days)]),
  startTs: ClockTime,
  endTs: ClockTime,
  /** Rest dates, de-duplicated (spec 5). */
  vacationDays: z
    .array(IsoDate)
    .max(OWNER_LIMITS.vacationDaysMax)
    .default([])
    .transform((days) => [...new Set(days)].sort()),
  lat: z.number({ error: 'Täida toote asukoht, kas trükkides või nuppu vajutades.' }).min(-90).max(90),
  lon: z.number({ error: 'Täida toote asukoht, kas trükkides või nuppu vajutades.' }).min(-180).max(180),
  /** The place as the owner chose it (gazetteer text). */
  locationDescription: z.string().trim().max(300).nullish(),
  technical: TechnicalFieldsInput.default({}),
  /** B2B extras (refused for private owners with B2B_ONLY). */
  productCode: z.string().trim().max(OWNER_LIMITS.productCodeMax, 'Max 100').nullish(),
  paidLater: z.boolean().default(false),
  automaticallyApproved: z.boolean().default(false),
  automaticallyApprovedTxt: z.string().trim().max(OWNER_LIMITS.approvalTextMax).nullish(),
};

const startBeforeEnd = (p: { startTs: string; endTs: string }) => p.startTs < p.endTs;
const approvalTextWhenOn = (p: { automaticallyApproved: boolean; automaticallyApprovedTxt?: string | null }) =>
  !p.automaticallyApproved || Boolean(p.automaticallyApprovedTxt && p.automaticallyApprovedTxt.length > 0);

/**
 * `POST /products`: a new product with its uploaded images (file names from
 * `POST /file-upload/images`, first = cover; at least one) and its additional services.
 */
export const NewProductRequest = z
  .object({
    ...productFields,
    images: z
      .array(z.string().min(1).max(200))
      .min(1, 'VALITUD 0 Pilti! Vali vähemalt 1!')
      .max(OWNER_LIMITS.imagesMax, 'Maksimaalselt 4 pilti'),
    additionalServices: z.array(AdditionalServiceInput).max(OWNER_LIMITS.servicesMax).default([]),
  })
  .refine(startBeforeEnd, { path: ['endTs'], message: 'Algusaeg ei tohi olla pärast lõpp aega või sama: samm 3.' })
  .refine(approvalTextWhenOn, { path: ['automaticallyApprovedTxt'], message: REQUIRED });
export type NewProductRequest = z.input<typeof NewProductRequest>;

/** `PUT /products/{id}`: the general and time fields (images and services have their own calls). */
export const UpdateProductRequest = z
  .object(productFields)
  .refine(startBeforeEnd, { path: ['endTs'], message: 'Algusaeg on pärast lõppaega või on sama väärtusega.' })
  .refine(approvalTextWhenOn, { path: ['automaticallyApprovedTxt'], message: REQUIRED });
export type UpdateProductRequest = z.input<typeof UpdateProductRequest>;

/** `POST /products/{id}/delete` (spec: inActiveReason, optional). */
export const DeleteProductRequest = z.object({ inActiveReason: z.string().trim().max(OWNER_LIMITS.reasonMax).nullish() });
export type DeleteProductRequest = z.infer<typeof DeleteProductRequest>;

/** `POST /products/bulk-edit-delete/user/{userId}` {productIds}. */
export const BulkProductIds = z.object({ productIds: z.array(PositiveId).min(1).max(100) });
export type BulkProductIds = z.infer<typeof BulkProductIds>;

/** `POST /products/bulk-edit/user/{userId}`: the same time settings for many products. */
export const BulkEditRequest = BulkProductIds.extend({
  rentDays: z.array(Weekday).max(7).optional(),
  startTs: ClockTime.optional(),
  endTs: ClockTime.optional(),
  vacationDays: z.array(IsoDate).max(OWNER_LIMITS.vacationDaysMax).optional(),
});
export type BulkEditRequest = z.infer<typeof BulkEditRequest>;

/** `PUT /products/{id}/images`: the product's images in order (first = cover). */
export const ProductImageOrder = z
  .array(z.object({ fileName: z.string().min(1).max(200), order: z.number().int().min(0).max(10) }))
  .min(1)
  .max(OWNER_LIMITS.imagesMax, 'Maksimaalselt 4 pilti');
export type ProductImageOrder = z.infer<typeof ProductImageOrder>;

/** `POST /file-upload/images` answers the stored file names, in the order sent. */
export const UploadedFileNames = z.array(z.string());
export type UploadedFileNames = z.infer<typeof UploadedFileNames>;

export const ProductImageParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  imageId: z.coerce.number().int().positive().max(MAX_ID),
});
export const ProductServiceParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  serviceId: z.coerce.number().int().positive().max(MAX_ID),
});
export const UserIdParams = z.object({ userId: z.coerce.number().int().positive().max(MAX_ID) });

const BoolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `GET /products/my-products` (spec 7 filters) plus our `tab` (all, reserved, available, inactive). */
export const MyProductsQuery = z.object({
  tab: z.enum(['all', 'reserved', 'available', 'inactive']).default('all'),
  includeReservation: BoolParam.default(true),
  excludeImagery: BoolParam.default(false),
  activeReservations: BoolParam.default(false),
  deleted: BoolParam.optional(),
});
export type MyProductsQuery = z.input<typeof MyProductsQuery>;

/** A reservation as the owner's lists show it. */
export const OwnerReservation = z.object({
  id: z.number().int(),
  hash: z.string(),
  status: ReservationStatus,
  startTs: z.string(),
  endTs: z.string(),
  renterName: z.string().nullable(),
  personPhone: z.string().nullable(),
});
export type OwnerReservation = z.infer<typeof OwnerReservation>;

/** The owner's product: the public product plus its state for the owner's lists and wizards. */
/**
 * An outside calendar of the product that does not block all it should (issue 32): its address's
 * host, why its last refresh failed (null when it did not), and whether the blocks in force stop
 * short of the calendar (null when they do not). At least one of the two is set.
 */
export const FailingCalendar = z.object({ host: z.string(), error: CalendarFeedError.nullable(), warning: CalendarFeedWarning.nullable() });
export type FailingCalendar = z.infer<typeof FailingCalendar>;

export const OwnerProduct = Product.extend({
  technical: TechnicalFields,
  categoryName: z.string(),
  parentCategoryId: z.number().int().nullable(),
  ownerReservations: z.array(OwnerReservation),
  /** A holding reservation covers now. */
  rentedNow: z.boolean(),
  /** Active = not deleted and no inactiveReason. */
  active: z.boolean(),
  /** Outside calendars that fail to refresh, so the owner's list can warn (empty for nearly all). */
  failingCalendars: z.array(FailingCalendar),
});
export type OwnerProduct = z.infer<typeof OwnerProduct>;
export const OwnerProductList = z.array(OwnerProduct);
export type OwnerProductList = z.infer<typeof OwnerProductList>;

/**
 * `POST /reservations/product/{id}/manual` (spec 3 "Manual request"): an off-platform rent the
 * owner enters; it holds time like any booking (status MANUAL, contract MANUAL). `income` euros.
 */
export const ManualRentRequest = z
  .object({
    income: Euro,
    startTs: Instant,
    endTs: Instant,
    personPhone: z.string().trim().min(5).max(30),
    personName: z.string().trim().min(1, REQUIRED).max(200),
  })
  .refine((r) => Date.parse(r.startTs) < Date.parse(r.endTs), { path: ['endTs'], message: 'Algusaeg on pärast lõppaega.' });
export type ManualRentRequest = z.infer<typeof ManualRentRequest>;
export const ManualRentAnswer = Reservation;

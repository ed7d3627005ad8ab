// The data model's core (people, catalogue, bookings, contracts); src/db/schema.ts gathers every part.
// The whole data model of both spec documents. Money is integer cents (bigint where sums can
// grow, integer for per-item prices); timestamps are timestamptz; the daily HH:mm window of a
// product is text because it is a wall-clock time in Europe/Tallinn, not an instant.
import { sql } from 'drizzle-orm';
import { ContactInfoType, ContractStatus, CustomerType, DeclineReason, PriceTierName, ReservationStatus } from 'shared-kernel/schemas';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const cents = (name: string) => bigint(name, { mode: 'number' });
/**
 * A kernel enum's values as the non-empty tuple drizzle's `text({ enum })` wants (zod gives an array):
 * the columns take the kernel's constants (the API contract), not copies, so a value is added there once.
 */
export const enumValues = <T extends string>(values: readonly T[]) => values as unknown as readonly [T, ...T[]];
/** earthdistance's point type; written only by the database (generated column). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/** Name folding for search (lower case, õ/ä/ö/ü/š/ž to plain letters); the API folds queries the same way. */
export const FOLD_NAME_SQL = `translate(lower(name), 'õäöüšžÕÄÖÜŠŽ', 'oaouszoaousz')`;

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedTs: ts('updated_ts').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type', { enum: enumValues(CustomerType.options) }).notNull(),
    name: text('name').notNull(),
    lastName: text('last_name'),
    identityCode: text('identity_code'),
    countryCode: text('country_code').notNull().default('EE'),
    birthday: date('birthday'),
    registryCode: text('registry_code'),
    representativeName: text('representative_name'),
    allowVat: boolean('allow_vat').notNull().default(false),
    allowEmail: boolean('allow_email').notNull().default(true),
    accountNr: text('account_nr'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    verified: boolean('verified').notNull().default(false),
    verifiedTs: ts('verified_ts'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    suspended: boolean('suspended').notNull().default(false),
    /** Why and when an operator suspended the account (migration 0017); null while not suspended. */
    suspendedReason: text('suspended_reason'),
    suspendedTs: ts('suspended_ts'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`), index('users_identity_code_idx').on(t.identityCode)],
);

export const contactInfos = pgTable(
  'contact_infos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: enumValues(ContactInfoType.options) }).notNull(),
    value: text('value').notNull(),
    prime: boolean('prime').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [
    index('contact_infos_user_idx').on(t.userId),
    index('contact_infos_email_idx')
      .on(sql`lower(${t.value})`)
      .where(sql`${t.type} = 'EMAIL'`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    parentCategoryId: integer('parent_category_id'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentCategoryId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    manufacturer: text('manufacturer'),
    productCode: text('product_code'),
    priceDailyCents: integer('price_daily_cents'),
    /** The daily price as search shows and sorts it (with the owner's VAT), kept by triggers on products and users. */
    searchPriceCents: integer('search_price_cents'),
    priceHourCents: integer('price_hour_cents'),
    threeDayCents: integer('three_day_cents'),
    aWeekCents: integer('a_week_cents'),
    twoWeekCents: integer('two_week_cents'),
    monthCents: integer('month_cents'),
    weekendDayCents: integer('weekend_day_cents'),
    costCents: integer('cost_cents').notNull().default(0),
    startTs: text('start_ts').notNull().default('08:00'),
    endTs: text('end_ts').notNull().default('18:00'),
    rentDays: text('rent_days')
      .array()
      .notNull()
      .default(sql`'{MONDAY,TUESDAY,WEDNESDAY,THURSDAY,FRIDAY}'::text[]`),
    paidLater: boolean('paid_later').notNull().default(false),
    automaticallyApproved: boolean('automatically_approved').notNull().default(false),
    automaticallyApprovedTxt: text('automatically_approved_txt'),
    deleted: boolean('deleted').notNull().default(false),
    inactiveReason: text('inactive_reason'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    // Stored so searches neither fold names nor convert coordinates row by row (~3 and ~5 µs a row).
    nameFolded: text('name_folded').generatedAlwaysAs(sql.raw(FOLD_NAME_SQL)),
    geo: cube('geo').generatedAlwaysAs(sql`case when lat is null or lon is null then null else ll_to_earth(lat, lon) end`),
    locationDescription: text('location_description'),
    // Technical fields (owner spec section 3); which ones apply depends on the category.
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    lengthOfItem: doublePrecision('length_of_item'),
    weight: doublePrecision('weight'),
    maxCarry: doublePrecision('max_carry'),
    engineType: text('engine_type'),
    issueYear: integer('issue_year'),
    power: doublePrecision('power'),
    axleCount: integer('axle_count'),
    seat: integer('seat'),
    gear: text('gear'),
    platformHeight: doublePrecision('platform_height'),
    canGoForeign: boolean('can_go_foreign'),
    carryingWheels: text('carrying_wheels'),
    carryConfiguration: text('carry_configuration'),
    distanceTravelled: integer('distance_travelled'),
    radiusMax: doublePrecision('radius_max'),
    platformMeasurements: text('platform_measurements'),
    liftType: text('lift_type'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    index('products_user_idx').on(t.userId),
    index('products_category_idx').on(t.categoryId),
    index('products_active_created_idx')
      .on(t.createdTs)
      .where(sql`${t.deleted} = false`),
    // Price sorts walk these and stop after a page instead of sorting every hit.
    index('products_search_price_asc_idx')
      .on(t.searchPriceCents.asc().nullsLast(), t.id.asc())
      .where(sql`${t.deleted} = false and ${t.inactiveReason} is null`),
    index('products_search_price_desc_idx')
      .on(t.searchPriceCents.desc().nullsLast(), t.id.asc())
      .where(sql`${t.deleted} = false and ${t.inactiveReason} is null`),
    // Distance search: earthdistance over cube, GiST-indexed with the folded name's trigrams, so a
    // text search inside a circle picks its candidates from one index (and nearest-first walks it).
    index('products_geo_name_gist')
      .using('gist', t.geo, sql`${t.nameFolded} gist_trgm_ops`)
      .where(sql`${t.geo} is not null`),
    // A category inside a circle: the category's products within the circle's lat/lon box.
    index('products_active_category_lat_lon_idx')
      .on(t.categoryId, t.lat, t.lon)
      .where(sql`${t.deleted} = false and ${t.inactiveReason} is null`),
    // Typo-tolerant name search.
    index('products_name_folded_trgm').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    check(
      'products_prices_non_negative',
      sql`coalesce(${t.priceDailyCents}, 0) >= 0 and coalesce(${t.priceHourCents}, 0) >= 0 and ${t.costCents} >= 0`,
    ),
    check('products_lat_range', sql`${t.lat} is null or (${t.lat} between -90 and 90)`),
    check('products_lon_range', sql`${t.lon} is null or (${t.lon} between -180 and 180)`),
  ],
);

/**
 * Every word of the folded product names (3+ characters, with a letter) and how many products use
 * it, kept by a trigger. Typo tolerance looks words up here (hundreds of rows) instead of scoring
 * every product name.
 */
export const productNameWords = pgTable(
  'product_name_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('product_name_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    title: text('title').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);

export const productVacationDays = pgTable(
  'product_vacation_days',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

export const additionalServices = pgTable(
  'additional_services',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    additionalInfo: text('additional_info'),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [
    index('additional_services_product_idx').on(t.productId),
    check('additional_services_cost_non_negative', sql`${t.costCents} >= 0`),
  ],
);

/** The kernel's statuses (the API contract), not a copy: a new status is added there once. */
export const reservationStatuses = enumValues(ReservationStatus.options);

const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The renter; null for a manual (off-platform) rent entered by the owner. */
    userId: integer('user_id').references(() => users.id),
    productOwnerId: integer('product_owner_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['STANDARD', 'AUTOMATED', 'MANUAL', 'GOKART'] })
      .notNull()
      .default('STANDARD'),
    status: text('status', { enum: reservationStatuses }).notNull().default('REQUESTED'),
    startTs: ts('start_ts').notNull(),
    endTs: ts('end_ts').notNull(),
    hourly: boolean('hourly').notNull().default(false),
    /**
     * Net rent as quoted when the request was made (shared-kernel quoteRental); for a GOKART booking
     * the riders' price with the owner's VAT inside (read through `storedBreakdown`).
     */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** Net cost of the chosen additional services. */
    additionalServiceCostCents: cents('additional_service_cost_cents').notNull().default(0),
    /** The owner's VAT rate (basis points) fixed at the request; 0 when the owner is not VAT-liable. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    /** The price tier the rent was quoted on (null for manual rents). */
    priceTier: text('price_tier', { enum: enumValues(PriceTierName.options) }),
    // The owner's reasons, and the system's own when a request's start passes unanswered.
    declineReason: text('decline_reason', { enum: enumValues([...DeclineReason.options, 'DECLINED_BY_SYSTEM'] as const) }),
    acceptedText: text('accepted_text'),
    personName: text('person_name'),
    personPhone: text('person_phone'),
    /** An instant book or go-kart booking waiting for its bank-link payment holds its time until then (migration 0010). */
    holdExpiresTs: ts('hold_expires_ts'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_hash_uq').on(t.hash),
    index('reservations_product_time_idx').on(t.productId, t.startTs, t.endTs),
    index('reservations_user_idx').on(t.userId),
    index('reservations_owner_idx').on(t.productOwnerId),
    check('reservations_start_before_end', sql`${t.startTs} < ${t.endTs}`),
    check('reservations_status_known', sql`${t.status} in (${sqlList(reservationStatuses)})`),
    // One waiting request per renter and product (spec 8 PENDING_RESERVATION), held by the database.
    uniqueIndex('reservations_one_request_per_renter_uq')
      .on(t.productId, t.userId)
      .where(sql`${t.status} = 'REQUESTED'`),
    // Overlapping holding reservations are refused by the exclusion constraint reservations_no_overlap
    // (btree_gist), written by hand in drizzle/0005_booking_availability.sql: drizzle cannot declare one.
  ],
);

export const reservationAdditionalServices = pgTable(
  'reservation_additional_services',
  {
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    additionalServiceId: integer('additional_service_id')
      .notNull()
      .references(() => additionalServices.id),
    costCents: integer('cost_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reservationId, t.additionalServiceId] })],
);

/** The kernel's contract statuses, and one the old data still holds (never written now). */
export const contractStatuses = enumValues([...ContractStatus.options, 'PENDING'] as const);

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    renterId: integer('renter_id').references(() => users.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: contractStatuses }).notNull(),
    startTs: ts('start_ts').notNull(),
    endTs: ts('end_ts').notNull(),
    amountCents: cents('amount_cents').notNull().default(0),
    vatCents: cents('vat_cents').notNull().default(0),
    feeCents: cents('fee_cents').notNull().default(0),
    additionalServiceCostCents: cents('additional_service_cost_cents').notNull().default(0),
    paidLater: boolean('paid_later').notNull().default(false),
    /** Snapshot of product, parties and identity details at signing (spec: contractData JSON). */
    contractData: jsonb('contract_data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    cancelReason: text('cancel_reason'),
    /** Who cancelled (the renter or the owner); null while not cancelled. */
    cancelledBy: integer('cancelled_by').references(() => users.id),
    /** What the cancellation refunded to the renter (spec 9 schedule on what was paid). */
    refundCents: cents('refund_cents'),
    renterReceivedTs: ts('renter_received_ts'),
    ownerHandedOverTs: ts('owner_handed_over_ts'),
    renterReturnedTs: ts('renter_returned_ts'),
    ownerReturnedTs: ts('owner_returned_ts'),
    /** When the owner's return mark ended the rental (RETURNED; ADR 0043), and who marked it and the receipt. */
    returnedTs: ts('returned_ts'),
    receivedBy: integer('received_by').references(() => users.id),
    returnedBy: integer('returned_by').references(() => users.id),
    /** The late-return fee charged on the return (terms: double hour or day fee) and what of it the renter's balance could not pay. */
    lateFeeCents: cents('late_fee_cents'),
    lateFeeDebtCents: cents('late_fee_debt_cents'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_reservation_uq').on(t.reservationId),
    index('contracts_renter_idx').on(t.renterId),
    index('contracts_owner_idx').on(t.ownerId),
  ],
);

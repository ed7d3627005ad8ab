// The whole data model of both spec documents. Money is integer cents (bigint where sums can
// grow, integer for per-item prices); timestamps are timestamptz; the daily HH:mm window of a
// product is text because it is a wall-clock time in Europe/Tallinn, not an instant.
import { sql } from 'drizzle-orm';
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });
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
    type: text('type', { enum: ['B2B', 'B2C'] }).notNull(),
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
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    verified: boolean('verified').notNull().default(false),
    verifiedTs: ts('verified_ts'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    suspended: boolean('suspended').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_identity_code_idx').on(t.identityCode),
  ],
);

export const contactInfos = pgTable(
  'contact_infos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['PHONE', 'EMAIL', 'ADDRESS'] }).notNull(),
    value: text('value').notNull(),
    prime: boolean('prime').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [
    index('contact_infos_user_idx').on(t.userId),
    index('contact_infos_email_idx').on(sql`lower(${t.value})`).where(sql`${t.type} = 'EMAIL'`),
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
    rentDays: text('rent_days').array().notNull().default(sql`'{MONDAY,TUESDAY,WEDNESDAY,THURSDAY,FRIDAY}'::text[]`),
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
    index('products_active_created_idx').on(t.createdTs).where(sql`${t.deleted} = false`),
    // Price sorts walk these and stop after a page instead of sorting every hit.
    index('products_search_price_asc_idx')
      .on(t.searchPriceCents.asc().nullsLast(), t.id.asc())
      .where(sql`${t.deleted} = false and ${t.inactiveReason} is null`),
    index('products_search_price_desc_idx')
      .on(t.searchPriceCents.desc().nullsLast(), t.id.asc())
      .where(sql`${t.deleted} = false and ${t.inactiveReason} is null`),
    // Distance search: earthdistance over cube, GiST-indexed with the folded name's trigrams, so a
    // text search inside a circle picks its candidates from one index (and nearest-first walks it).
    index('products_geo_name_gist').using('gist', t.geo, sql`${t.nameFolded} gist_trgm_ops`).where(sql`${t.geo} is not null`),
    // A category inside a circle: the category's products within the circle's lat/lon box.
    index('products_active_category_lat_lon_idx')
      .on(t.categoryId, t.lat, t.lon)
      .where(sql`${t.deleted} = false and ${t.inactiveReason} is null`),
    // Typo-tolerant name search.
    index('products_name_folded_trgm').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    check('products_prices_non_negative', sql`coalesce(${t.priceDailyCents}, 0) >= 0 and coalesce(${t.priceHourCents}, 0) >= 0 and ${t.costCents} >= 0`),
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
  (t) => [index('additional_services_product_idx').on(t.productId), check('additional_services_cost_non_negative', sql`${t.costCents} >= 0`)],
);

export const reservationStatuses = [
  'REQUESTED',
  'PENDING_PAYMENT',
  'ACCEPTED',
  'CAPTURED',
  'MANUAL',
  'DECLINED',
  'DECLINED_BY_SYSTEM',
  'CANCELLED',
  'TERMINATED',
  'FINISHED',
] as const;

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
    kind: text('kind', { enum: ['STANDARD', 'AUTOMATED', 'MANUAL', 'GOKART'] }).notNull().default('STANDARD'),
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
    priceTier: text('price_tier', { enum: ['hour', 'day', 'threeDay', 'week', 'twoWeek', 'month'] }),
    declineReason: text('decline_reason', { enum: ['BETTER_OFFER', 'NOT_AVAILABLE', 'PRODUCT_BROKEN', 'DECLINED_BY_SYSTEM'] }),
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
    uniqueIndex('reservations_one_request_per_renter_uq').on(t.productId, t.userId).where(sql`${t.status} = 'REQUESTED'`),
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

export const contractStatuses = [
  'REQUESTED',
  'PENDING_PAYMENT',
  'ACCEPTED',
  'CAPTURED',
  'CANCELLED',
  'APPEALED',
  'SOLVED',
  'MANUAL',
  'FINISHED',
  'RETURNED',
  'PENDING',
] as const;

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
    contractData: jsonb('contract_data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    cancelReason: text('cancel_reason'),
    /** Who cancelled (the renter or the owner); null while not cancelled. */
    cancelledBy: integer('cancelled_by').references(() => users.id),
    /** What the cancellation refunded to the renter (spec 9 schedule on what was paid). */
    refundCents: cents('refund_cents'),
    renterReceivedTs: ts('renter_received_ts'),
    ownerHandedOverTs: ts('owner_handed_over_ts'),
    renterReturnedTs: ts('renter_returned_ts'),
    ownerReturnedTs: ts('owner_returned_ts'),
    /** When both parties had marked the return (the contract FINISHED). */
    returnedTs: ts('returned_ts'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_reservation_uq').on(t.reservationId),
    index('contracts_renter_idx').on(t.renterId),
    index('contracts_owner_idx').on(t.ownerId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    contractId: integer('contract_id').references(() => contracts.id),
    direction: text('direction', { enum: ['IN', 'OUT'] }).notNull(),
    titleCode: text('title_code', {
      enum: ['INPAYMENT_FOR_RENT', 'OUTPAYMENT_FOR_RENT', 'INREFUND', 'OUTREFUND', 'INPAYMENT', 'OUTPAYMENT'],
    }).notNull(),
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'FAILED'] }).notNull().default('PENDING'),
    amountCents: cents('amount_cents').notNull(),
    provider: text('provider'),
    /** The provider's order reference; unique so a retried webhook cannot credit twice. */
    providerRef: text('provider_ref'),
    createdTs: ts('created_ts').notNull().defaultNow(),
    completedTs: ts('completed_ts'),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdTs),
    index('payments_contract_idx').on(t.contractId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A bank-link order (issue 12): what the payer was asked to pay through the provider, for which
 * purpose, and its outcome. The webhook locks this row, so an outcome is applied exactly once.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    /** Our reference in the provider's order; random, so it cannot be guessed from another one. */
    merchantReference: text('merchant_reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    purposeKind: text('purpose_kind', { enum: ['DEPOSIT', 'RESERVATION'] }).notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id),
    reservationHash: text('reservation_hash'),
    provider: text('provider').notNull(),
    bank: text('bank').notNull(),
    locale: text('locale').notNull().default('et'),
    /** Site path the browser returns to (the API adds `payment_result`). */
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: ['PENDING', 'PAID', 'FAILED', 'CANCELLED', 'EXPIRED'] }).notNull().default('PENDING'),
    /** The deposit of a PAID order into the payer's wallet. */
    paymentId: integer('payment_id').references(() => payments.id),
    createdTs: ts('created_ts').notNull().defaultNow(),
    expiresTs: ts('expires_ts').notNull(),
    settledTs: ts('settled_ts'),
  },
  (t) => [
    uniqueIndex('payment_orders_reference_uq').on(t.merchantReference),
    index('payment_orders_pending_idx').on(t.status, t.expiresTs),
    index('payment_orders_user_idx').on(t.userId),
    check('payment_orders_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** One business event; its entries sum to zero (double entry). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Makes a repeated event (webhook retry, double click) a no-op. */
    idempotencyKey: text('idempotency_key').notNull(),
    contractId: integer('contract_id').references(() => contracts.id),
    paymentId: integer('payment_id').references(() => payments.id),
    memo: text('memo'),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transactions_idem_uq').on(t.idempotencyKey), index('ledger_transactions_contract_idx').on(t.contractId)],
);

/**
 * Accounts are named: `user:<id>:wallet`, `user:<id>:pending`, `platform:fees`, `bank:payouts`,
 * `bank:clearing`. A user's balance is the sum of the wallet account, never stored.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    userId: integer('user_id').references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_tx_idx').on(t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    contractId: integer('contract_id').references(() => contracts.id),
    /** 1..5 in half steps, stored doubled (2..10) so it stays an integer. */
    ratingHalves: smallint('rating_halves').notNull(),
    comment: text('comment').notNull().default(''),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('feedback_product_idx').on(t.productId), check('feedback_rating_range', sql`${t.ratingHalves} between 2 and 10`)],
);

export const problemReports = pgTable(
  'problem_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    contractId: integer('contract_id').references(() => contracts.id),
    comment: text('comment').notNull(),
    status: text('status', { enum: ['OPEN', 'SOLVED'] }).notNull().default('OPEN'),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('problem_reports_product_idx').on(t.productId)],
);

/** Questions on a product; an answer is a child with parentId set. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    comment: text('comment').notNull(),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('comments_product_idx').on(t.productId), index('comments_parent_idx').on(t.parentId)],
);

export const messageThreads = pgTable(
  'message_threads',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id),
    seenBySender: boolean('seen_by_sender').notNull().default(true),
    seenByReceiver: boolean('seen_by_receiver').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
    updatedTs: ts('updated_ts').notNull().defaultNow(),
  },
  (t) => [
    // One thread per pair of users, whichever of them wrote first.
    uniqueIndex('message_threads_pair_uq').on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`),
    check('message_threads_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdTs)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'NEW_COMMENT_ON_PRODUCT',
        'PRODUCT_RENTAL_REQUEST',
        'PRODUCT_RENTAL_REQUEST_APPROVED',
        'PRODUCT_RENTAL_UPDATE',
        'CUSTOMER_REGISTRATION',
        'FEEDBACK',
      ],
    }).notNull(),
    message: text('message').notNull(),
    referenceList: jsonb('reference_list').$type<{ type: string; referenceId: number | string }[]>().notNull().default(sql`'[]'::jsonb`),
    read: boolean('read').notNull().default(false),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.read)],
);

/** The id is the SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdTs: ts('created_ts').notNull(),
    lastSeenTs: ts('last_seen_ts').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_seen_idx').on(t.lastSeenTs)],
);

/** Same idea: the link carries the token, the table only its SHA-256. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdTs: ts('created_ts').notNull(),
    expiresTs: ts('expires_ts').notNull(),
    usedTs: ts('used_ts'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['mobile', 'smartid'] }).notNull(),
    phoneNumber: text('phone_number'),
    personalCode: text('personal_code').notNull(),
    controlCode: text('control_code').notNull(),
    providerSessionId: text('provider_session_id'),
    status: text('status', { enum: ['waiting', 'ok', 'error', 'canceled'] }).notNull().default('waiting'),
    providerResult: text('provider_result'),
    message: text('message'),
    createdTs: ts('created_ts').notNull(),
    completedTs: ts('completed_ts'),
  },
  (t) => [uniqueIndex('identity_verifications_token_uq').on(t.token)],
);

/** Rääsilla go-kart: 20-minute slots, up to 10 riders per slot across all bookings. */
export const gokartSlotBookings = pgTable(
  'gokart_slot_bookings',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    day: date('day', { mode: 'string' }).notNull(),
    slotStartTs: ts('slot_start_ts').notNull(),
    riders: smallint('riders').notNull(),
    riderNames: text('rider_names').array().notNull().default(sql`'{}'::text[]`),
    createdTs: ts('created_ts').notNull().defaultNow(),
  },
  (t) => [
    index('gokart_slot_bookings_slot_idx').on(t.productId, t.slotStartTs),
    check('gokart_slot_bookings_riders', sql`${t.riders} between 1 and 10`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name'),
  email: text('email').notNull(),
  content: text('content').notNull(),
  createdTs: ts('created_ts').notNull().defaultNow(),
});

/** The mail outbox: the sandbox mail sender writes here and a person reads it in the browser. */
/** Abuse-limit counters (issue 15): fixed windows per key, shared by every API instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdTs)],
);

/**
 * The Smart-ID / Mobile-ID sandbox's running sessions (issue 14). The real services keep their
 * sessions themselves; the stand-in keeps them here instead of in one process's memory, so a
 * verification started on one API replica can be polled on another.
 */
export const identitySandboxSessions = pgTable(
  'identity_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    method: text('method', { enum: ['mobile', 'smartid'] }).notNull(),
    result: text('result').notNull(),
    personalCode: text('personal_code').notNull(),
    startedTs: ts('started_ts').notNull(),
  },
  (t) => [index('identity_sandbox_sessions_started_idx').on(t.startedTs)],
);

/**
 * The sandbox bank's orders (issue 29): in the database, not in one replica's memory, so the bank
 * page works on whichever replica the browser reaches and an order is decided once.
 */
export const sandboxBankOrders = pgTable(
  'sandbox_bank_orders',
  {
    id: text('id').primaryKey(),
    order: jsonb('order').notNull(),
    decided: boolean('decided').notNull().default(false),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [index('sandbox_bank_orders_created_idx').on(t.createdTs)],
);

/** What browsers said about loading and mounting the remotes (issue 14): one row per report. */
export const remoteLoadReports = pgTable(
  'remote_load_reports',
  {
    id: serial('id').primaryKey(),
    receivedTs: ts('received_ts').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    outcome: text('outcome', { enum: ['ok', 'load', 'mount', 'timeout'] }).notNull(),
    servedVersion: text('served_version'),
    durationMs: integer('duration_ms').notNull(),
    message: text('message').notNull(),
    path: text('path').notNull(),
    release: text('release').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('remote_load_reports_received_idx').on(t.receivedTs), index('remote_load_reports_remote_idx').on(t.remote, t.version, t.receivedTs)],
);

/** The job queue (ADR 0027, migration 0014): claimed with FOR UPDATE SKIP LOCKED under a lease. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    runAt: ts('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: ts('locked_until'),
    doneTs: ts('done_ts'),
    createdTs: ts('created_ts').notNull(),
  },
  (t) => [uniqueIndex('jobs_name_key_uq').on(t.name, t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.doneTs} is null`)],
);

import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { Cents, Euros, EurosAmount, EurosParam, MONEY_MAX_EUROS } from './money';
import { AdditionalService } from './catalog';

const MAX_ID = 2147483647;
const PositiveId = z.number().int().positive().max(MAX_ID);
const PositiveIdParam = z.coerce.number().int().positive().max(MAX_ID);
/** A cost the renter was shown: a negative one reaches the handler, which answers spec 8's INVALID_ADDITIONAL_COST_NEGATIVE. */
const SignedEuros = Euros.min(-MONEY_MAX_EUROS, messages.validation.invalidAmount).max(MONEY_MAX_EUROS, messages.validation.invalidAmount);

/**
 * A point in time as ISO 8601 with its offset (`2025-06-02T05:00:00.000Z`, `…T08:00:00+03:00`);
 * a wall-clock time without an offset is ambiguous and refused. Years 2000–2100 only.
 */
export const Instant = z.iso.datetime({ offset: true }).refine((value) => {
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(2101, 0, 1);
}, 'Aeg peab olema vahemikus 2000–2100');
export type Instant = z.infer<typeof Instant>;

export const ReservationStatus = z.enum([
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
]);
export type ReservationStatus = z.infer<typeof ReservationStatus>;

export const PriceTierName = z.enum(['hour', 'day', 'threeDay', 'week', 'twoWeek', 'month']);
export type PriceTierName = z.infer<typeof PriceTierName>;

/**
 * `GET /contracts/price` (spec 3 "Price query"): tier prices in euros, net of VAT. The answer is
 * the net rent in euros (a number); 0 when no given price covers the period.
 */
export const PriceQuery = z.object({
  startTs: Instant,
  endTs: Instant,
  priceDaily: EurosParam.optional(),
  priceHourly: EurosParam.optional(),
  weekPrice: EurosParam.optional(),
  threeDayPrice: EurosParam.optional(),
  twoWeekPrice: EurosParam.optional(),
  monthPrice: EurosParam.optional(),
  /** Ours: the weekend-day tier (spec 9 lists it among the tiers, the seed's query did not). */
  weekendDayPrice: EurosParam.optional(),
});
export type PriceQuery = z.infer<typeof PriceQuery>;

export const PriceAnswer = Euros;
export type PriceAnswer = z.infer<typeof PriceAnswer>;

/**
 * Spec 3 "Fee breakdown" in euros: net rent (`amount`), VAT, the platform fee, net additional
 * services, and their `total`; plus the VAT rate (percent) and the tier the rent was priced on.
 */
export const FeeBreakdown = z.object({
  amount: Euros,
  vat: Euros,
  ourFee: Euros,
  additionalServiceCost: Euros,
  total: Euros,
  vatRate: z.number(),
  tier: PriceTierName,
  units: z.number().int(),
});
export type FeeBreakdown = z.infer<typeof FeeBreakdown>;

/** `GET /reservations/{id}/product/{productId}/price`. */
export const ReservationProductParams = z.object({ id: PositiveIdParam, productId: PositiveIdParam });
export type ReservationProductParams = z.infer<typeof ReservationProductParams>;

/**
 * A chosen additional service: its id, or `{ id, cost }` with the cost (euros, net) the renter was
 * shown, which the server checks against its own (a negative one is INVALID_ADDITIONAL_COST_NEGATIVE).
 */
export const ChosenAdditionalService = z.union([PositiveId, z.object({ id: PositiveId, cost: SignedEuros.optional() })], {
  // The object's own complaint ('Vigane summa' for the cost), not zod's 'Invalid input' for the union.
  error: (issue) => (issue.code === 'invalid_union' ? issue.errors.flat().find((i) => i.path.length > 0)?.message : undefined),
});
export type ChosenAdditionalService = z.infer<typeof ChosenAdditionalService>;

/**
 * `POST /reservations/product/{id}`. Day rentals run from the start day's opening hour to the
 * return day's opening hour; an hourly rental starts and ends on one day inside the daily window.
 * `additionalServiceCost` (optional) is the services total in euros the renter saw.
 */
export const NewReservationRequest = z.object({
  startTs: Instant,
  endTs: Instant,
  additionalServices: z
    .array(ChosenAdditionalService)
    .max(50)
    .refine((list) => new Set(list.map((s) => (typeof s === 'number' ? s : s.id))).size === list.length, 'Lisateenus on valitud mitu korda')
    .nullish(),
  additionalServiceCost: SignedEuros.nullish(),
});
export type NewReservationRequest = z.infer<typeof NewReservationRequest>;

export const ReservationParty = z.object({ id: z.number().int(), name: z.string(), lastName: z.string().nullable() });
export type ReservationParty = z.infer<typeof ReservationParty>;

/** Spec 3 "Reservation" as its two parties see it. */
export const Reservation = z.object({
  id: z.number().int(),
  hash: z.string(),
  status: ReservationStatus,
  startTs: z.string(),
  endTs: z.string(),
  hourly: z.boolean(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  /** The renter; null for a manual (off-platform) rent. */
  user: ReservationParty.nullable(),
  productOwner: ReservationParty,
  additionalServices: z.array(AdditionalService),
  /** Net cost of the chosen additional services, euros. */
  additionalServiceCost: Euros,
  price: FeeBreakdown,
  createdTs: z.string(),
  /** A go-kart booking (product 229): its day, slots (`HH:mm`) and riders' names; absent for other products. */
  gokart: z.object({ day: z.string(), slots: z.array(z.string()), riders: z.array(z.string()) }).nullish(),
});
export type Reservation = z.infer<typeof Reservation>;

// ---------------------------------------------------------------------------------------------
// The request flow after the request (issue 10): accept, decline, cancel, contracts, lookups.
// New shapes that are ours (not quoted by the spec) carry money as integer cents (`…Cents`);
// the spec's own shapes (fee breakdown, price answer) stay in euros as the spec gives them.
// ---------------------------------------------------------------------------------------------

const HashParamValue = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Vigane broneeringu tunnus');

/** `/reservations/hash/{hash}…` */
export const ReservationHashParams = z.object({ hash: HashParamValue });
export type ReservationHashParams = z.infer<typeof ReservationHashParams>;

/** Spec 4: the three decline reasons; NOT_AVAILABLE is the default. */
export const DeclineReason = z.enum(['BETTER_OFFER', 'NOT_AVAILABLE', 'PRODUCT_BROKEN']);
export type DeclineReason = z.infer<typeof DeclineReason>;

/** `PUT /reservations/decline/{id}?reason=` */
export const DeclineQuery = z.object({ reason: DeclineReason.default('NOT_AVAILABLE') });
export type DeclineQuery = z.infer<typeof DeclineQuery>;

/** Spec 9: the approval text is at most 250 characters. */
export const ACCEPTED_TEXT_MAX = 250;

/**
 * `PUT /reservations/accept/{id}` and `/accept-paid-later/{id}`. `additionalCost` is the net
 * additional-services total in euros the owner agreed to (checked against the server's:
 * INVALID_ADDITIONAL_COST); `acceptedText` is the required message to the renter.
 */
export const AcceptRequest = z.object({
  additionalCost: EurosAmount.nullish(),
  acceptedText: z.string().trim().min(1, 'Kohustuslik').max(ACCEPTED_TEXT_MAX),
});
export type AcceptRequest = z.infer<typeof AcceptRequest>;

/** `PUT /reservations/additional-services/{id}`: the renter's new choice (ids). */
export const UpdateAdditionalServices = z.object({
  additionalService: z
    .array(PositiveId)
    .max(50)
    .refine((list) => new Set(list).size === list.length, 'Lisateenus on valitud mitu korda'),
});
export type UpdateAdditionalServices = z.infer<typeof UpdateAdditionalServices>;

/** `GET /reservations?as=&statuses=`: the caller's reservations as owner, renter or either. */
export const ReservationListQuery = z.object({
  as: z.enum(['owner', 'renter', 'any']).default('any'),
  statuses: z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(ReservationStatus).max(10).optional()),
});
export type ReservationListQuery = z.infer<typeof ReservationListQuery>;

export const ReservationList = z.array(Reservation);
export type ReservationList = z.infer<typeof ReservationList>;

/** A count answer (`GET /reservations/count`, `GET /contracts/accepted-count`). */
export const CountAnswer = z.number().int().min(0);
export type CountAnswer = z.infer<typeof CountAnswer>;

/** `GET /reservations/user-details/{id}` (spec: reservation user details). */
export const ReservationUserDetails = z.object({ userId: z.number().int().nullable(), productOwnerId: z.number().int() });
export type ReservationUserDetails = z.infer<typeof ReservationUserDetails>;

export const ContractStatus = z.enum([
  'REQUESTED',
  'PENDING_PAYMENT',
  'ACCEPTED',
  'CAPTURED',
  'CANCELLED',
  'APPEALED',
  'SOLVED',
  'MANUAL',
  // The owner marked the return: the rental is over, its payout not yet made (ADR 0043).
  'RETURNED',
  'FINISHED',
]);
export type ContractStatus = z.infer<typeof ContractStatus>;

/** `GET /reservations/{id}/contract` (spec: contract info); null before the owner accepts. */
export const ContractInfo = z.object({ id: z.number().int(), status: ContractStatus, startTs: z.string() });
export type ContractInfo = z.infer<typeof ContractInfo>;

/**
 * `GET /reservations/hash/{hash}/contract` (spec: contract data by hash): `endReadonly` is the
 * return time, `automaticText` the owner's approval message, `ownerPhone` shown to the renter
 * once the contract exists. Null before the owner accepts.
 */
export const ContractByHash = ContractInfo.extend({
  endReadonly: z.string(),
  automaticText: z.string().nullable(),
  ownerPhone: z.string().nullable(),
});
export type ContractByHash = z.infer<typeof ContractByHash>;

/** A party of a contract as the other party sees it; the phone only where the rule shows it. */
export const ContractParty = ReservationParty.extend({ phone: z.string().nullable() });
export type ContractParty = z.infer<typeof ContractParty>;

/**
 * A contract as its two parties see it. `incoming` is true for the owner. The `may…` flags are
 * the server's rules (spec: pay button, cancel rights, 'item was broken' option) so every view
 * shows the same buttons the server would accept.
 */
export const Contract = z.object({
  id: z.number().int(),
  status: ContractStatus,
  startTs: z.string(),
  endTs: z.string(),
  reservationId: z.number().int(),
  reservationHash: z.string(),
  hourly: z.boolean(),
  product: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() }),
  renter: ContractParty.nullable(),
  owner: ContractParty,
  /** The person of a manual (off-platform) rent as the owner entered them; null on every other contract. */
  manualRenter: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
  price: FeeBreakdown,
  /** Deposit in integer cents (the product's `cost`, fixed at signing). */
  depositCents: Cents,
  paidLater: z.boolean(),
  acceptedText: z.string().nullable(),
  incoming: z.boolean(),
  mayPay: z.boolean(),
  mayCancel: z.boolean(),
  /** Whether the cancel dialog may offer 'item was broken' (never in PENDING_PAYMENT). */
  mayReportBroken: z.boolean(),
  mayMarkReceived: z.boolean(),
  mayMarkReturned: z.boolean(),
  renterReceivedTs: z.string().nullable(),
  ownerHandedOverTs: z.string().nullable(),
  renterReturnedTs: z.string().nullable(),
  ownerReturnedTs: z.string().nullable(),
  /** The late-return fee charged when the owner marked the return, and what of it became the renter's debt (ADR 0043). */
  lateFeeCents: Cents.nullable().optional(),
  lateFeeDebtCents: Cents.nullable().optional(),
  cancelReason: z.string().nullable(),
  refundCents: Cents.nullable(),
  createdTs: z.string(),
});
export type Contract = z.infer<typeof Contract>;

export const ContractList = z.array(Contract);
export type ContractList = z.infer<typeof ContractList>;

/** `GET /contracts?incoming=true|false` (default false: the caller's contracts as renter). */
export const ContractListQuery = z.object({
  incoming: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type ContractListQuery = z.input<typeof ContractListQuery>;

/** Spec: the cancel reason is sent only when 'item was broken' is ticked. */
export const CANCEL_REASON_MAX = 500;

/** `PUT /contracts/cancel/{id}?reason=` and `GET /contracts/{id}/refund-preview?reason=`. */
export const ContractCancelQuery = z.object({ reason: z.string().trim().min(1).max(CANCEL_REASON_MAX).optional() });
export type ContractCancelQuery = z.infer<typeof ContractCancelQuery>;

/**
 * What a cancellation refunds, computed by the server with the spec 9 schedule: `paidCents` is
 * what the renter has paid for the contract (0 before payment), `refundCents` the part returned,
 * `percent` the schedule step (100 for an owner's cancel or a broken item), `hoursBeforeStart`
 * the elapsed hours left (negative after the start).
 */
export const RefundPreview = z.object({
  contractId: z.number().int(),
  percent: z.number().int().min(0).max(100),
  paidCents: Cents.min(0),
  refundCents: Cents.min(0),
  hoursBeforeStart: z.number(),
  brokenItem: z.boolean(),
});
export type RefundPreview = z.infer<typeof RefundPreview>;

/** `PUT /contracts/cancel/{id}` answers the cancelled contract and the refund it made. */
export const ContractCancelAnswer = z.object({ contract: Contract, refund: RefundPreview });
export type ContractCancelAnswer = z.infer<typeof ContractCancelAnswer>;

/** `GET /products/my-rented-products?reservationStatuses=…`: the caller's rentals with their product. */
export const MyRentedProductsQuery = z.object({
  reservationStatuses: z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(ReservationStatus).max(10).optional()),
});
export type MyRentedProductsQuery = z.infer<typeof MyRentedProductsQuery>;

export const MyRentedProduct = z.object({
  reservation: Reservation,
  contract: ContractInfo.nullable(),
  imageUrl: z.string().nullable(),
});
export type MyRentedProduct = z.infer<typeof MyRentedProduct>;
export const MyRentedProductList = z.array(MyRentedProduct);
export type MyRentedProductList = z.infer<typeof MyRentedProductList>;

/** `GET|PUT /reservations/cancel/hash/{hash}?name=` (spec 2.11: the manual rent's cancel page). */
export const CancelByHashQuery = z.object({ name: z.string().trim().min(1).max(200) });
export type CancelByHashQuery = z.infer<typeof CancelByHashQuery>;

export const CancelByHashAnswer = z.object({
  status: ReservationStatus,
  startTs: z.string(),
  endTs: z.string(),
  productName: z.string(),
});
export type CancelByHashAnswer = z.infer<typeof CancelByHashAnswer>;

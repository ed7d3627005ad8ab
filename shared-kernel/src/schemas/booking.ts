import { z } from 'zod';
import { AdditionalService } from './catalog';

const MAX_ID = 2147483647;
const PositiveId = z.number().int().positive().max(MAX_ID);
const PositiveIdParam = z.coerce.number().int().positive().max(MAX_ID);

/**
 * A point in time as ISO 8601 with its offset (`2025-06-02T05:00:00.000Z`, `…T08:00:00+03:00`);
 * a wall-clock time without an offset is ambiguous and refused. Years 2000–2100 only.
 */
export const Instant = z.iso
  .datetime({ offset: true })
  .refine((value) => {
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

const EuroParam = z.coerce.number().min(0).max(1_000_000);

/**
 * `GET /contracts/price` (spec 3 "Price query"): tier prices in euros, net of VAT. The answer is
 * the net rent in euros (a number); 0 when no given price covers the period.
 */
export const PriceQuery = z.object({
  startTs: Instant,
  endTs: Instant,
  priceDaily: EuroParam.optional(),
  priceHourly: EuroParam.optional(),
  weekPrice: EuroParam.optional(),
  threeDayPrice: EuroParam.optional(),
  twoWeekPrice: EuroParam.optional(),
  monthPrice: EuroParam.optional(),
  /** Ours: the weekend-day tier (spec 9 lists it among the tiers, the seed's query did not). */
  weekendDayPrice: EuroParam.optional(),
});
export type PriceQuery = z.infer<typeof PriceQuery>;

export const PriceAnswer = z.number();
export type PriceAnswer = z.infer<typeof PriceAnswer>;

/**
 * Spec 3 "Fee breakdown" in euros: net rent (`amount`), VAT, the platform fee, net additional
 * services, and their `total`; plus the VAT rate (percent) and the tier the rent was priced on.
 */
export const FeeBreakdown = z.object({
  amount: z.number(),
  vat: z.number(),
  ourFee: z.number(),
  additionalServiceCost: z.number(),
  total: z.number(),
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
export const ChosenAdditionalService = z.union([PositiveId, z.object({ id: PositiveId, cost: z.number().optional() })]);
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
  additionalServiceCost: z.number().nullish(),
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
  additionalServiceCost: z.number(),
  price: FeeBreakdown,
  createdTs: z.string(),
});
export type Reservation = z.infer<typeof Reservation>;

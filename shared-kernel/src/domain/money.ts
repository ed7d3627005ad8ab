/**
 * Money helpers. Money is integer cents; rates are integer basis points (2400 = 24 %), so no
 * binary fraction ever reaches a price. How the spec's VAT factors (1.2, 1.22, 1.3, 1.1) are read
 * is decided in docs/adr/0012-vat-readings-and-price-arithmetic.md:
 *
 * - VAT is the *statutory* Estonian standard rate on the date of the supply, from
 *   STANDARD_VAT_RATES, read by `standardVatRate(date)` of `shared-kernel/time` (the date is a
 *   Tallinn calendar date; 1.2 and 1.22 in the seed are this rate as it was in 2023 and 2024).
 * - The platform fee is SERVICE_FEE_BP of the net amount, added next to the VAT, never on top of
 *   it (the seed's 1.3 and 1.1 are 1 + 20 % VAT + 10 % fee and 1 + 10 % fee).
 * - Catalogue prices (cards, product page, search) are `catalogPriceCents`: the same VAT and fee as
 *   a booking made today, so the product page and the booking total agree.
 */
import { tallinnOffsetByRule } from './tallinn-offset';

/** Estonian standard VAT rate by effective date (ISO date, Europe/Tallinn). Newest last. */
export const STANDARD_VAT_RATES: ReadonlyArray<{ from: string; rate: number }> = [
  { from: '2009-07-01', rate: 0.2 },
  { from: '2024-01-01', rate: 0.22 },
  { from: '2025-07-01', rate: 0.24 },
];

/** Platform fee in basis points of the net amount (spec 9 terms: 0 % of the rent, 10 % of chosen additional services). */
export const SERVICE_FEE_BP = { rental: 0, additionalServices: 1_000 } as const;

/** @deprecated The seed's display factor; catalogue prices use `catalogPriceCents` (ADR 0012). */
export const DISPLAY_VAT_FACTOR = 1.2;

/**
 * An Intl formatter made on its first use, not when the module loads. The first Intl date format
 * of a page costs about 20 ms (ICU's date data; 80 ms under a phone's 4x slower CPU), so the UI's
 * everyday dates and amounts below are worked out by hand and Intl stays for what they do not cover
 * (issue 28: it was the largest item of the public pages' first render).
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const tallinnDateFormat = lazily(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn', year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/**
 * The Tallinn calendar date of an instant as 'YYYY-MM-DD', without a date library: catalogue prices
 * are shown on the front page, which must not load one (`shared-kernel/time` has luxon). The offset
 * is `tallinnOffsetByRule`'s (a test holds the date equal to the tz database's over 2002-2045);
 * other years, and anything not a plain instant, go to Intl.
 */
export function tallinnDateOf(instant: number | Date = Date.now()): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const offset = tallinnOffsetByRule(ms);
  if (offset === undefined) return tallinnDateFormat().format(instant);
  return new Date(ms + offset).toISOString().slice(0, 10);
}

/** The statutory standard VAT rate in basis points on a Tallinn calendar date 'YYYY-MM-DD'. */
export function standardVatBpOn(isoDate: string): number {
  let rate = STANDARD_VAT_RATES[0].rate;
  for (const entry of STANDARD_VAT_RATES) if (isoDate >= entry.from) rate = entry.rate;
  return Math.round(rate * 10_000);
}

/** Who looks at a price: the owner who set it, or a renter who would pay it (ADR 0012, issue 25). */
export type PriceViewer = 'owner' | 'renter';

/** What a price is for: the rent (tier prices) or an additional service; the platform fee differs. */
export type PricedItem = 'rent' | 'service';

/** The VAT an owner charges on a Tallinn calendar date, basis points: 0 when not VAT-liable. */
export function ownerVatBpOn(ownerVatLiable: boolean, isoDate: string = tallinnDateOf()): number {
  return ownerVatLiable ? standardVatBpOn(isoDate) : 0;
}

/**
 * THE conversion from a stored net price to the price a person is shown (ADR 0012, "Issue 25: one
 * conversion for owners and renters"). Every view of a product or service price goes through it:
 *
 * - a renter sees what they pay: the net, plus the owner's VAT, plus the platform fee of the item
 *   (0 % on the rent, 10 % on services; `SERVICE_FEE_BP`);
 * - an owner sees and types the net plus their VAT, which is what the renter's payment brings them
 *   (the platform fee is never theirs). With the 0 % rent fee an owner's tier price is the renter's.
 *
 * `vatBp` is the owner's VAT in basis points: `ownerVatBpOn(…)` for today's catalogue, or the rate a
 * reservation fixed when it was requested.
 */
export function shownPriceCents(netCents: number, viewer: PriceViewer, item: PricedItem, vatBp: number): number {
  const feeBp = viewer === 'owner' ? 0 : item === 'rent' ? SERVICE_FEE_BP.rental : SERVICE_FEE_BP.additionalServices;
  return withVatAndFee(netCents, { vatBp, feeBp }).totalCents;
}

/**
 * The net price to store for a price typed as `shownPriceCents` shows it (the owner's entry). An
 * owner's price is rounded once (net + VAT), so converting it back gives the same net for any VAT
 * rate under 100 %: saving a form unchanged never moves a stored price. (A renter's service price
 * is rounded twice and may come back a cent off; nothing converts that one back.)
 */
export function netFromShownPriceCents(shownCents: number, viewer: PriceViewer, item: PricedItem, vatBp: number): number {
  const feeBp = viewer === 'owner' ? 0 : item === 'rent' ? SERVICE_FEE_BP.rental : SERVICE_FEE_BP.additionalServices;
  return netFromTotal(shownCents, { vatBp, feeBp });
}

/**
 * What a renter pays for an owner's net tier price (day, hour, week …) booked on `isoDate`: the
 * net plus the standard VAT of that date when the owner is VAT-liable, plus the rent fee. A
 * one-day booking at the day price totals exactly this. `shownPriceCents` for a renter's rent.
 */
export function catalogPriceCents(netCents: number, ownerVatLiable: boolean, isoDate: string = tallinnDateOf()): number {
  return shownPriceCents(netCents, 'renter', 'rent', ownerVatBpOn(ownerVatLiable, isoDate));
}

/**
 * What a renter pays for an additional service (spec 9's 1.3 / 1.1 renter multiplier, read as in
 * ADR 0012): the net plus VAT when the owner is VAT-liable, plus the 10 % fee on services.
 */
export function catalogServiceCents(netCents: number, ownerVatLiable: boolean, isoDate: string = tallinnDateOf()): number {
  return shownPriceCents(netCents, 'renter', 'service', ownerVatBpOn(ownerVatLiable, isoDate));
}

/** `bp` basis points of `cents`, rounded half away from zero to a whole cent, in integers only. */
export function percentOfCents(cents: number, bp: number): number {
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * bp + 5_000) / 10_000);
}

/**
 * Spec 9 "price with fee": the net amount plus its VAT (when `vatBp` > 0) plus the fee, each line
 * rounded to a cent on its own so the lines add up to the total.
 */
export function withVatAndFee(
  netCents: number,
  rates: { vatBp: number; feeBp: number },
): { vatCents: number; feeCents: number; totalCents: number } {
  const vatCents = percentOfCents(netCents, rates.vatBp);
  const feeCents = percentOfCents(netCents, rates.feeBp);
  return { vatCents, feeCents, totalCents: netCents + vatCents + feeCents };
}

/**
 * Spec 9 "the reverse": total / (1 + VAT + fee rate), rounded half up to a cent. Because the lines
 * of `withVatAndFee` are rounded one by one, a net found this way can be 1 cent off the one that
 * produced the total; use it for entry helpers, never to re-derive a stored price.
 */
export function netFromTotal(totalCents: number, rates: { vatBp: number; feeBp: number }): number {
  const divisor = 10_000 + rates.vatBp + rates.feeBp;
  const sign = totalCents < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(totalCents) * 10_000 + divisor) / (2 * divisor));
}

export function toCents(euros: number): number {
  return Math.round(Number(`${euros}e2`));
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export interface FeeBreakdown {
  amount: number;
  vat: number;
  ourFee: number;
  additionalServiceCost: number;
}

/** @deprecated Seed display factor; search shows `catalogPriceCents` in whole euros. */
export function searchPriceEuros(amount: number, allowVat: boolean): number {
  return Math.round(allowVat ? amount * DISPLAY_VAT_FACTOR : amount);
}

const euroFormatter = (digits: number) =>
  lazily(
    () =>
      new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
const exactFormatter = euroFormatter(2);
const wholeFormatter = euroFormatter(0);

const NBSP = '\u00a0';
const MINUS = '\u2212';

/** Whole units in Estonian digits: groups of three from 10 000 up, a no-break space between them. */
function groupedDigits(units: number): string {
  const digits = String(units);
  return digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, NBSP);
}

export interface EuroFormat {
  /** Whole euros, as search shows prices (spec section 9); everything else shows two decimals. */
  whole?: boolean;
}

/**
 * The one money format of the UI: '97,20 €', or '108 €' with `whole`. Every price display goes
 * through here so one page cannot mix '97,2 €' and '108 €'. The space before '€' is a no-break
 * space, so a price never wraps between the number and the sign.
 */
export function formatEuros(cents: number, { whole = false }: EuroFormat = {}): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  // A zero is never negative: Intl writes -0 (a refund of 0 % computed as -0) as '−0,00 €', and an
  // amount that rounds to zero ('−0 €' for -40 cents in whole euros) would read as a debt.
  // In whole units of what is shown (cents, or euros with `whole`), written as Intl's et-EE
  // currency format writes them (a test holds the two equal), without building that formatter.
  const units = whole ? Math.round(cents / 100) : Math.round(cents);
  const size = Math.abs(units);
  if (size > Number.MAX_SAFE_INTEGER / 100) {
    const shown = whole ? units : units / 100;
    return (whole ? wholeFormatter : exactFormatter)().format(shown);
  }
  const sign = units < 0 ? MINUS : '';
  const number = whole ? groupedDigits(size) : `${groupedDigits(Math.floor(size / 100))},${String(size % 100).padStart(2, '0')}`;
  return `${sign}${number}${NBSP}€`;
}

/**
 * An owner's stored net price (a tier or a service) as the owner area shows and takes it (owner
 * spec 3: "prices are converted with the user's VAT setting before sending and back when loaded"):
 * with the standard VAT of the date when the owner is VAT-liable. `shownPriceCents` for an owner.
 */
export function ownerPriceCents(netCents: number, ownerVatLiable: boolean, isoDate: string = tallinnDateOf()): number {
  return shownPriceCents(netCents, 'owner', 'rent', ownerVatBpOn(ownerVatLiable, isoDate));
}

/** The net price to store for a price the owner typed with VAT (inverse of `ownerPriceCents`). */
export function netFromOwnerPriceCents(enteredCents: number, ownerVatLiable: boolean, isoDate: string = tallinnDateOf()): number {
  return netFromShownPriceCents(enteredCents, 'owner', 'rent', ownerVatBpOn(ownerVatLiable, isoDate));
}

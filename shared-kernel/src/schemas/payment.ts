import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { Cents, Euros } from './money';
import { validateIbanField } from '../domain/iban';
import { GO_KART } from '../domain/constants';
import { Contract, Instant } from './booking';

// ---------------------------------------------------------------------------------------------
// The money side (issue 12): the account, bank-link payments, instant book and the go-kart track.
// The spec's own shapes keep euros where the spec gives euros (`amount`, `balance`); every shape
// also carries integer cents (`…Cents`), which is what the UI computes with.
// ---------------------------------------------------------------------------------------------

const MAX_ID = 2147483647;

/** One deposit or bank-link booking may move at most this much (euros, cents). */
export const MAX_PAYMENT_CENTS = 1_000_000;

/** Spec 3 "Payment method": a bank (or card) of the payment-initiation provider. */
export const PaymentMethod = z.object({ code: z.string(), name: z.string(), logoUrl: z.string() });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodList = z.array(PaymentMethod);
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

/** An amount a payment moves: more than 0, at most MAX_PAYMENT_CENTS, whole cents ('Vigane summa'). */
const PaymentAmount = Euros.positive(messages.validation.invalidAmount).max(MAX_PAYMENT_CENTS / 100, messages.validation.invalidAmount);

/**
 * Spec 3 "payment" of a request: the chosen bank and the amount in euros (two decimals).
 * `amount` is what the payer was shown; the server computes its own and refuses a mismatch.
 */
export const PaymentInit = z.object({
  method: z.literal('paymentInitiation').default('paymentInitiation'),
  methodDisplay: z.string().trim().max(100).optional(),
  methodOptions: z.object({
    preferredLocale: z.string().max(5).default('et'),
    preferredCountry: z.string().length(2).default('EE'),
    /** The bank's `code` from the payment methods. */
    preferredProvider: z.string().trim().min(1, 'Vali pank.').max(64),
  }),
  amount: PaymentAmount,
  currency: z.literal('EUR').default('EUR'),
});
export type PaymentInit = z.input<typeof PaymentInit>;

/**
 * What the API answers when a bank-link payment starts (deposit, instant book, go-kart): the API
 * has created the order at the provider (Montonio `POST /orders`, server to server) and
 * `paymentUrl` is the provider's page to send the browser to. `reservationHash` is set for
 * bookings, so the success view and the cancel call can name the reservation.
 */
export const PaymentOrderToken = z.object({
  paymentUrl: z.string(),
  merchantReference: z.string(),
  reservationHash: z.string().nullable(),
});
export type PaymentOrderToken = z.infer<typeof PaymentOrderToken>;

/**
 * Our payment orders' merchant reference: `RM-` and 12 random bytes in base64url (16 characters),
 * as the API makes it. A provider token naming anything else is no order of ours, refused before
 * any query (a NUL or an odd length never reaches the database).
 */
export const MerchantReference = z.string().regex(/^RM-[A-Za-z0-9_-]{16}$/);
export type MerchantReference = z.infer<typeof MerchantReference>;

/** Montonio's answer to `POST /orders` (as far as read): where to send the browser. */
export const PaymentOrderCreated = z.object({ paymentUrl: z.string(), uuid: z.string().optional() });
export type PaymentOrderCreated = z.infer<typeof PaymentOrderCreated>;

/** `POST /payment`: a deposit to the account by bank link (spec: `{payment{…}}`). */
export const DepositRequest = z.object({ payment: PaymentInit });
export type DepositRequest = z.input<typeof DepositRequest>;

/**
 * The result the browser comes back with (`/auth/account?payment_result=success|pending|failure`):
 * `pending` when the bank has not settled yet (Montonio PENDING/AUTHORIZED): the order and any
 * held time stay open until the provider's notification says PAID or not.
 */
export const PaymentResult = z.enum(['success', 'pending', 'failure']);
export type PaymentResult = z.infer<typeof PaymentResult>;

/** `POST /payment/withdrawal {amount}`: euros to the account number of the profile. */
export const WithdrawalRequest = z.object({ amount: PaymentAmount });
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

/** `PUT /payment/contract?contracts=a,b`: comma-separated contract ids, each once. */
export const PayContractsQuery = z.object({
  contracts: z
    .string()
    .max(400)
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => p.trim());
      const ids = parts.map(Number);
      if (parts.length === 0 || parts.some((p) => !/^\d{1,10}$/.test(p)) || ids.some((id) => id < 1 || id > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: 'Vali lepingud' });
        return z.NEVER;
      }
      if (new Set(ids).size !== ids.length || ids.length > 20) {
        ctx.addIssue({ code: 'custom', message: 'Vali lepingud' });
        return z.NEVER;
      }
      return ids;
    }),
});
export type PayContractsQuery = z.input<typeof PayContractsQuery>;

/** Spec 3 "Payment" title codes and statuses. */
export const PaymentTitleCode = z.enum(['INPAYMENT_FOR_RENT', 'OUTPAYMENT_FOR_RENT', 'INREFUND', 'OUTREFUND', 'INPAYMENT', 'OUTPAYMENT']);
export type PaymentTitleCode = z.infer<typeof PaymentTitleCode>;
export const PaymentStatus = z.enum(['PENDING', 'COMPLETED', 'FAILED']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;
/** Money into the user's wallet (IN) or out of it (OUT). */
export const PaymentDirection = z.enum(['IN', 'OUT']);
export type PaymentDirection = z.infer<typeof PaymentDirection>;

/** A row of `GET /payment/my-account-history` (spec 3 "Payment"); FAILED rows are not listed. */
export const AccountHistoryRow = z.object({
  id: z.number().int(),
  createdTs: z.string(),
  direction: PaymentDirection,
  titleCode: PaymentTitleCode,
  status: PaymentStatus,
  /** Euros, as the spec gives it. */
  amount: Euros,
  amountCents: Cents,
  contractId: z.number().int().nullable(),
  /** The product of the contract, for the row's title; null for deposits and withdrawals. */
  productName: z.string().nullable(),
  /** A pending withdrawal's expected date in the bank account, 'YYYY-MM-DD' (issue 31: three Estonian working days). */
  expectedDate: z.string().nullable().optional(),
  /** When the row was completed (a withdrawal: paid out by the operator). */
  completedTs: z.string().nullable().optional(),
});
export type AccountHistoryRow = z.infer<typeof AccountHistoryRow>;
export const AccountHistory = z.array(AccountHistoryRow);
export type AccountHistory = z.infer<typeof AccountHistory>;

/** Spec 9: 3 rows by default, up to 100 on expand. */
export const ACCOUNT_HISTORY_DEFAULT = 3;
export const ACCOUNT_HISTORY_MAX = 100;
export const AccountHistoryQuery = z.object({
  size: z.coerce.number().int().min(1).max(ACCOUNT_HISTORY_MAX).default(ACCOUNT_HISTORY_DEFAULT),
});
export type AccountHistoryQuery = z.input<typeof AccountHistoryQuery>;

/**
 * `GET /payment/unpaid-contracts` (spec: balance, unpaidContracts): the caller's available balance,
 * the owner's rent still pending until the rental ends, and the contracts waiting for the caller's
 * payment (PENDING_PAYMENT, as renter).
 */
export const AccountSummary = z.object({
  balance: Euros,
  balanceCents: Cents,
  pendingCents: Cents,
  unpaidContracts: z.array(Contract),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** `PUT /payment/contract` answers what was paid and the balance after it. */
export const PayContractsAnswer = z.object({
  paidCents: Cents,
  balanceCents: Cents,
  contractIds: z.array(z.number().int()),
});
export type PayContractsAnswer = z.infer<typeof PayContractsAnswer>;

/** `POST /payment/withdrawal` answers the pending payout and the balance after it. */
export const WithdrawalAnswer = z.object({ paymentId: z.number().int(), amountCents: Cents, balanceCents: Cents });
export type WithdrawalAnswer = z.infer<typeof WithdrawalAnswer>;

/** Phone of a booking form: an Estonian or international mobile number (`+3725…`). */
const BookingPhone = z
  .string()
  .trim()
  .regex(/^\+?\d[\d ]{6,18}$/, 'Vale telefoni number');
const PersonName = z.string().trim().min(1, 'Täida ka nimi ja telefoni number.').max(200);

/**
 * `POST /reservations/product/{id}/automated-with-payment` (spec 3 "Automated reservation
 * request"): instant book of an automatically approved product, paid by bank link. The time is
 * held while the payment is pending and released when it fails or expires.
 */
export const AutomatedReservationRequest = z.object({
  startTs: Instant,
  endTs: Instant,
  phone: BookingPhone,
  name: PersonName,
  payment: PaymentInit,
});
export type AutomatedReservationRequest = z.input<typeof AutomatedReservationRequest>;

/** `POST /reservations/product/{id}/automated-with-payment/cancel`: the caller's pending instant book. */
export const AutomatedCancelRequest = z.object({ reservationHash: z.string().max(64).optional() });
export type AutomatedCancelRequest = z.infer<typeof AutomatedCancelRequest>;

/** An instant book waits this long for its payment before its time is released. */
export const PAYMENT_HOLD_MINUTES = 15;

/** A slot start in Tallinn wall time, `HH:mm` at :00, :20 or :40. */
export const GokartSlot = z.string().regex(/^([01]\d|2[0-3]):(00|20|40)$/, 'Vali ajad.');

/** `POST /reservations/gokart` (spec 3 "Go-kart request"), paid by bank link. */
export const GokartRequest = z.object({
  day: z.iso.date(),
  slots: z
    .array(GokartSlot)
    .min(1, 'Vali ajad.')
    .max(36)
    .refine((s) => new Set(s).size === s.length, 'Vali ajad.'),
  personPhone: BookingPhone,
  personName: PersonName,
  riders: z.array(z.string().trim().min(1).max(100)).min(1).max(GO_KART.ridersMax),
  payment: PaymentInit,
});
export type GokartRequest = z.input<typeof GokartRequest>;

/** `GET /reservations/by-day?day=yyyy-mm-dd`. */
export const GokartDayQuery = z.object({ day: z.iso.date() });
export type GokartDayQuery = z.infer<typeof GokartDayQuery>;

/**
 * Spec 3 "Go-kart reservation by date": riders booked and the slots as a comma-separated string,
 * one entry per booking; `slotsTaken` adds the riders per slot, which the form disables against.
 */
export const GokartDay = z.object({
  day: z.string(),
  /** Opening hours of that day in Tallinn time (`HH:mm`), null when the track is closed. */
  opens: z.string().nullable(),
  closes: z.string().nullable(),
  bookings: z.array(z.object({ riders: z.number().int(), slots: z.string() })),
  slotsTaken: z.record(z.string(), z.number().int()),
});
export type GokartDay = z.infer<typeof GokartDay>;

/**
 * `PUT /users/{id}/update`: the profile's own settings. The IBAN may be any country's valid one
 * (ISO 13616: the country's length and the mod-97 check); '' clears it.
 */
export const UserSettingsUpdate = z.object({
  allowEmail: z.boolean().optional(),
  allowVat: z.boolean().optional(),
  accountNr: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .superRefine((v, ctx) => {
      const problem = validateIbanField(v);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullish(),
});
export type UserSettingsUpdate = z.input<typeof UserSettingsUpdate>;

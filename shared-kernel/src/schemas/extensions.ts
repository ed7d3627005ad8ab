import { z } from 'shared-kernel/zod';
import { Instant } from './booking';
import { Cents } from './money';

/**
 * A rental extension's life (issue 31, ADR 0044): the renter asks (REQUESTED); the owner declines
 * (DECLINED) or accepts, which charges the difference from the renter's balance at once (PAID) or,
 * when the balance is short, waits for the renter's payment (PENDING_PAYMENT). Whatever is still
 * REQUESTED or PENDING_PAYMENT when the original period ends lapses (LAPSED) and charges nothing.
 */
export const ExtensionStatus = z.enum(['REQUESTED', 'PENDING_PAYMENT', 'PAID', 'DECLINED', 'LAPSED']);
export type ExtensionStatus = z.infer<typeof ExtensionStatus>;

/** The statuses of an extension still open: at most one per contract. */
export const OPEN_EXTENSION_STATUSES = ['REQUESTED', 'PENDING_PAYMENT'] as const satisfies readonly ExtensionStatus[];

/** `POST /contracts/{id}/extensions`: the new end (whole days after the current end, or whole hours on an hourly rental's day). */
export const ExtensionRequest = z.object({ endTs: Instant });
export type ExtensionRequest = z.infer<typeof ExtensionRequest>;

/** `POST /contracts/extensions/{id}/bank-link`: the bank (a `code` of `GET /payment/methods`) that pays the difference. */
export const ExtensionBankLinkRequest = z.object({ bank: z.string().trim().min(1, 'Vali pank.').max(64) });
export type ExtensionBankLinkRequest = z.infer<typeof ExtensionBankLinkRequest>;

/** An extension as either party sees it; money in integer cents. */
export const ContractExtension = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  status: ExtensionStatus,
  /** The end the request extends (the contract's end when asked). */
  previousEndTs: z.string(),
  newEndTs: z.string(),
  /** The whole new period's total, priced with the same tiers as the booking. */
  newTotalCents: Cents,
  /** What the renter pays: the new total minus what was paid, never below 0. */
  differenceCents: Cents,
  /** The contract's version this extension made (2 for the first one), once PAID. */
  contractVersion: z.number().int().nullable(),
  requestedTs: z.string(),
  decidedTs: z.string().nullable(),
  paidTs: z.string().nullable(),
  /** What the caller may do now (the server decides; the buttons follow). */
  mayAccept: z.boolean(),
  mayDecline: z.boolean(),
  mayPay: z.boolean(),
});
export type ContractExtension = z.infer<typeof ContractExtension>;

export const ContractExtensionList = z.array(ContractExtension);
export type ContractExtensionList = z.infer<typeof ContractExtensionList>;

/** `PUT /contracts/extensions/{id}/accept|decline|pay`: the extension after the step, and the renter's balance when money moved. */
export const ExtensionAnswer = z.object({ extension: ContractExtension, balanceCents: Cents.nullable() });
export type ExtensionAnswer = z.infer<typeof ExtensionAnswer>;

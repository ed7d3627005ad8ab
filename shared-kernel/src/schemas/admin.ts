import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { RoleName } from './user';

// The operator's console (issue 31, ADR 0045): users, payouts, the audit log. ROLE_ADMIN only.

const e = messages.errors.operator;

/** `GET /admin/users?q=`: part of a name, a username or an e-mail; empty lists the newest users. */
export const AdminUserQuery = z.object({
  q: z.string().trim().max(100, { error: e.queryTooLong }).default(''),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  type: z.enum(['B2B', 'B2C']),
  roles: z.array(RoleName),
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  suspendedTs: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = z.array(AdminUser);
export type AdminUserList = z.infer<typeof AdminUserList>;

/** An operator's reason: what the audit log keeps and the user is told. */
export const OperatorReason = z
  .string({ error: e.reasonRequired })
  .trim()
  .min(3, { error: e.reasonRequired })
  .max(500, { error: e.reasonTooLong });

export const SuspendUserRequest = z.object({ reason: OperatorReason });
export type SuspendUserRequest = z.infer<typeof SuspendUserRequest>;

/** Reinstating needs no reason, but one may be written down. */
export const ReinstateUserRequest = z.object({ reason: z.string().trim().max(500, { error: e.reasonTooLong }).optional() });
export type ReinstateUserRequest = z.infer<typeof ReinstateUserRequest>;

/** What a suspension did besides blocking the account: the open requests it declined. */
export const SuspendUserAnswer = z.object({ user: AdminUser, declinedRequests: z.number().int() });
export type SuspendUserAnswer = z.infer<typeof SuspendUserAnswer>;

export const OperatorAction = z.enum(['USER_SUSPENDED', 'USER_REINSTATED', 'PAYOUTS_EXPORTED', 'PAYOUT_PAID', 'DISPUTE_DECIDED']);
export type OperatorAction = z.infer<typeof OperatorAction>;

export const AuditLogEntry = z.object({
  id: z.number().int(),
  createdTs: z.string(),
  action: OperatorAction,
  actorId: z.number().int(),
  actorName: z.string(),
  targetUserId: z.number().int().nullable(),
  targetName: z.string().nullable(),
  contractId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
export const AuditLog = z.array(AuditLogEntry);
export type AuditLog = z.infer<typeof AuditLog>;

export const AUDIT_LOG_DEFAULT = 50;
export const AuditLogQuery = z.object({
  size: z.coerce.number().int().min(1).max(200).default(AUDIT_LOG_DEFAULT),
  userId: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type AuditLogQuery = z.input<typeof AuditLogQuery>;

/** A withdrawal waiting to be paid out (`GET /admin/payouts`), oldest first. */
export const PendingPayout = z.object({
  paymentId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  /** The user's account number now; null when none is set. */
  iban: z.string().nullable(),
  /** Whether `iban` passes the IBAN check: a payout without one cannot be exported. */
  ibanValid: z.boolean(),
  amountCents: z.number().int(),
  createdTs: z.string(),
  /** 'YYYY-MM-DD': three Estonian working days after the request (spec 9). */
  expectedDate: z.string(),
  /** The MsgId of the last SEPA file it was exported in; null until exported. */
  exportedMsgId: z.string().nullable(),
});
export type PendingPayout = z.infer<typeof PendingPayout>;
export const PendingPayoutList = z.array(PendingPayout);
export type PendingPayoutList = z.infer<typeof PendingPayoutList>;

/** The withdrawals an export or a 'mark paid' is about: 1–500 distinct payment ids. */
export const PayoutSelection = z.object({
  paymentIds: z
    .array(z.number({ error: e.payoutsRequired }).int().positive().max(2147483647), { error: e.payoutsRequired })
    .min(1, { error: e.payoutsRequired })
    .max(500, { error: e.payoutsTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: e.payoutsRequired }),
});
export type PayoutSelection = z.infer<typeof PayoutSelection>;

/**
 * An export's selection. A withdrawal already in a file is exported again only on an explicit
 * `reexport` (a lost file), so two clicks or two operators cannot send the bank the same transfer twice.
 */
export const PayoutExportSelection = PayoutSelection.extend({ reexport: z.boolean().optional() });
export type PayoutExportSelection = z.infer<typeof PayoutExportSelection>;

export const MarkPaidAnswer = z.object({ paidPaymentIds: z.array(z.number().int()), paidCents: z.number().int() });
export type MarkPaidAnswer = z.infer<typeof MarkPaidAnswer>;

/** The response header carrying an export's MsgId (the body is the XML file). */
export const PAYOUT_MSG_ID_HEADER = 'x-payout-msg-id';

/** What a dispute is about (issue 31): the renter's broken item, or the owner's report under the terms. */
export const DisputeKind = z.enum(['BROKEN', 'DEFECTS_NOT_REPORTED', 'THIRD_PARTY', 'NOT_RETURNED']);
export type DisputeKind = z.infer<typeof DisputeKind>;

/** A dispute in the operator's queue, with the terms' amounts worked out for the decision form. */
export const DisputeSummary = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: DisputeKind,
  comment: z.string(),
  status: z.enum(['OPEN', 'DECIDED']),
  openedBy: z.enum(['renter', 'owner']),
  createdTs: z.string(),
  productName: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  startTs: z.string(),
  endTs: z.string(),
  /** What the renter paid for the contract (the most a refund can be). */
  paidCents: z.number().int(),
  /** The terms: 7 days' rental price (defects not reported, item passed to a third party). */
  sevenDaysCents: z.number().int(),
  /** The terms: twice the rental period's price (not returned). */
  nonReturnCents: z.number().int(),
});
export type DisputeSummary = z.infer<typeof DisputeSummary>;
export const DisputeList = z.array(DisputeSummary);
export type DisputeList = z.infer<typeof DisputeList>;

/** The evidence of one dispute: the parties' messages, the handover marks, the problem reports, photos. */
export const DisputeEvidence = z.object({
  dispute: DisputeSummary,
  messages: z.array(z.object({ fromRenter: z.boolean(), message: z.string(), createdTs: z.string() })),
  handover: z.object({
    renterReceivedTs: z.string().nullable(),
    ownerHandedOverTs: z.string().nullable(),
    renterReturnedTs: z.string().nullable(),
    ownerReturnedTs: z.string().nullable(),
  }),
  reports: z.array(z.object({ byRenter: z.boolean(), comment: z.string(), createdTs: z.string() })),
  /** Handover photos uploaded to the platform; none can be uploaded yet, so this is empty. */
  photos: z.array(z.object({ url: z.string(), createdTs: z.string() })),
});
export type DisputeEvidence = z.infer<typeof DisputeEvidence>;

/**
 * The operator's decision: a penalty the renter pays (split 50/50 between platform and owner) and a
 * refund to the renter from what they paid, both integer cents, and the reason for the log.
 */
export const DisputeDecision = z.object({
  penaltyCents: z
    .number({ error: e.amountInvalid })
    .int({ error: e.amountInvalid })
    .min(0, { error: e.amountInvalid })
    .max(100_000_000, { error: e.amountInvalid }),
  refundCents: z
    .number({ error: e.amountInvalid })
    .int({ error: e.amountInvalid })
    .min(0, { error: e.amountInvalid })
    .max(100_000_000, { error: e.amountInvalid }),
  reason: OperatorReason,
});
export type DisputeDecision = z.infer<typeof DisputeDecision>;

export const DisputeDecisionAnswer = z.object({
  disputeId: z.number().int(),
  contractId: z.number().int(),
  status: z.literal('SOLVED'),
  penaltyCents: z.number().int(),
  platformShareCents: z.number().int(),
  ownerShareCents: z.number().int(),
  refundCents: z.number().int(),
});
export type DisputeDecisionAnswer = z.infer<typeof DisputeDecisionAnswer>;

import { messages } from 'shared-kernel/messages';
import type { IdentityStatus } from 'shared-kernel/schemas';

const o = messages.identity.outcome;

/** Provider results (both services, plus the platform's own UNDER_AGE) -> platform status + Estonian message. */
const OUTCOMES: Readonly<Record<string, { status: IdentityStatus; message: string }>> = {
  OK: { status: 'ok', message: o.ok },
  UNDER_AGE: { status: 'error', message: o.underAge },
  ACCOUNT_NOT_FOUND: { status: 'error', message: o.accountNotFound },
  USER_REFUSED: { status: 'canceled', message: o.userRefused },
  USER_REFUSED_INTERACTION: { status: 'canceled', message: o.userRefusedInteraction },
  WRONG_VC: { status: 'error', message: o.wrongVc },
  TIMEOUT: { status: 'error', message: o.timeout },
  DOCUMENT_UNUSABLE: { status: 'error', message: o.documentUnusable },
  NOT_MID_CLIENT: { status: 'error', message: o.notMidClient },
  USER_CANCELLED: { status: 'canceled', message: o.userCancelled },
  PHONE_ABSENT: { status: 'error', message: o.phoneAbsent },
  DELIVERY_ERROR: { status: 'error', message: o.deliveryError },
  SIM_ERROR: { status: 'error', message: o.simError },
  SIGNATURE_HASH_MISMATCH: { status: 'error', message: o.signatureHashMismatch },
  SESSION_NOT_FOUND: { status: 'error', message: o.sessionNotFound },
  SUBJECT_MISMATCH: { status: 'error', message: o.subjectMismatch },
  // Smart-ID RP API v3 end results beyond the demo set (and the v2 spellings of the same refusals).
  USER_REFUSED_CERT_CHOICE: { status: 'canceled', message: o.userRefused },
  USER_REFUSED_DISPLAYTEXTANDPIN: { status: 'canceled', message: o.userRefusedInteraction },
  USER_REFUSED_CONFIRMATIONMESSAGE: { status: 'canceled', message: o.userRefusedInteraction },
  USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE: { status: 'canceled', message: o.userRefusedInteraction },
  USER_REFUSED_VC_CHOICE: { status: 'canceled', message: o.userRefusedInteraction },
  USER_SELECTED_WRONG_VC: { status: 'error', message: o.wrongVc },
  ACCOUNT_UNUSABLE: { status: 'error', message: o.documentUnusable },
  REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP: { status: 'error', message: o.appTooOld },
  PROTOCOL_FAILURE: { status: 'error', message: o.failed },
  SERVER_ERROR: { status: 'error', message: o.failed },
  EXPECTED_LINKED_SESSION: { status: 'error', message: o.failed },
  // The relying party's checks (certificate-check.ts, the clients): never a verified user.
  SIGNATURE_INVALID: { status: 'error', message: o.signatureInvalid },
  CERT_UNTRUSTED: { status: 'error', message: o.certificateUntrusted },
  CERT_POLICY: { status: 'error', message: o.certificateUntrusted },
  CERT_EXPIRED: { status: 'error', message: o.certificateExpired },
  PROTOCOL_ERROR: { status: 'error', message: o.failed },
};

export function outcomeOf(result: string): { status: IdentityStatus; message: string } {
  return OUTCOMES[result] ?? { status: 'error', message: o.failed };
}

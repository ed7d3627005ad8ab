import { messages } from 'shared-kernel/messages';
import { IdentityCheck } from '../features/identity/components/identity-check';

export interface IdentityCheckWidgetProps {
  /** The personal code to verify (the business representative's on sign-up). */
  personalCode: string;
  /**
   * ok with `token` after the provider said ok; ok false (with `message`) after any failure. The token proves the
   * verification to the server: business registration sends it as `identityToken`.
   */
  onResult: (result: { ok: boolean; token?: string; message?: string }) => void;
  /** The registration screen shows the default failure in English ('Identity verification cancelled'). */
  englishCancelText?: boolean;
}

/**
 * Exposed as `mf-account/identity-check`: the Smart-ID / Mobile-ID check without the account
 * upgrade, for the business sign-up in mf-public. Works signed out (the verification is anonymous).
 */
export function Widget({ personalCode, onResult, englishCancelText }: IdentityCheckWidgetProps) {
  return (
    <IdentityCheck
      personalCode={(personalCode ?? '').trim()}
      defaultFailureMessage={englishCancelText ? messages.errors.identity.cancelledEnglish : messages.errors.identity.cancelled}
      onSucceeded={({ token }) => onResult({ ok: true, token })}
      onFailed={(message) => onResult({ ok: false, message })}
    />
  );
}

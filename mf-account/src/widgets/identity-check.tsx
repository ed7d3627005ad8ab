import { messages } from 'shared-kernel/messages';
import type { widgets, WidgetComponent } from 'shared-kernel/platform';
import { IdentityCheck } from '../features/identity/components/identity-check';

/**
 * Exposed as `mf-account/identity-check`: the Smart-ID / Mobile-ID check without the account
 * upgrade, for the business sign-up in mf-public. Works signed out (the verification is anonymous).
 */
export const Widget: WidgetComponent<typeof widgets.identityCheck> = ({ personalCode, onResult, englishCancelText }) => {
  return (
    <IdentityCheck
      personalCode={(personalCode ?? '').trim()}
      defaultFailureMessage={englishCancelText ? messages.errors.identity.cancelledEnglish : messages.errors.identity.cancelled}
      onSucceeded={({ token }) => onResult({ ok: true, token })}
      onFailed={(message) => onResult({ ok: false, message })}
    />
  );
};

import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'shared-kernel/router';
import { format, messages, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { loginUrlFor } from 'shared-kernel/platform';
import { useDerivedSession, useSession } from 'shared-kernel/session';
import { Link, Text } from 'shared-kernel/ui';
import { bookingTexts } from '../../messages/et';

const VERIFY = '/auth/verify-identity';

/**
 * Who may press a pay button (spec 5 "Booking", 6): a visitor gets a sign-in link back to this
 * page, a user still to be identified a link to the verification, a limited user the credit
 * assessment note; ROLE_USER and ROLE_ADMIN get the button.
 */
export function BookingGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const user = useSession((s) => s.user);
  const { canBook, needsVerification } = useDerivedSession();

  if (!user) {
    return (
      <Link asChild colorPalette="brand" fontWeight="semibold">
        <RouterLink to={loginUrlFor(location.pathname + location.search)}>{bookingTexts.instantBook.signInToBook}</RouterLink>
      </Link>
    );
  }
  if (needsVerification) {
    return (
      <Text color="orange.700" data-testid="needs-verification">
        {messages.errors.booking.needsVerification}{' '}
        <Link asChild colorPalette="brand">
          <RouterLink to={VERIFY}>{bookingTexts.instantBook.verify}</RouterLink>
        </Link>
      </Text>
    );
  }
  if (!canBook) {
    return (
      <Text color="orange.700" data-testid="credit-assessment">
        {format(messages.errors.booking.needsCreditAssessment, { email: SUPPORT_EMAIL })}
      </Text>
    );
  }
  return <>{children}</>;
}

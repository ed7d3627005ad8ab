import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Link, Stack, Text } from 'shared-kernel/ui';
import { useDerivedSession } from 'shared-kernel/session';
import { format, messages } from 'shared-kernel/messages';
import { accountSummaryQueryOptions } from '../../../api/get-account-summary';
import { accountTexts } from '../../../messages/et';
import { openRequestsCountQueryOptions } from '../api/get-open-requests-count';
import { ongoingRentalsCountQueryOptions } from '../api/get-ongoing-rentals-count';

const t = accountTexts.profile.alerts;

function Alert({ testId, text, link, to }: { testId: string; text: string; link: string; to: string }) {
  return (
    <Box role="alert" data-testid={testId} bg="blue.50" borderWidth="1px" borderColor="blue.200" borderRadius="md" p={4}>
      <Text>{text}</Text>
      <Link asChild color="blue.700" fontWeight="bold">
        <RouterLink to={to}>{link}</RouterLink>
      </Link>
    </Box>
  );
}

/** Spec 2 "Profile": the four info alerts, each only when it applies. */
export function ProfileAlerts() {
  const { needsVerification } = useDerivedSession();
  const requests = useQuery(openRequestsCountQueryOptions());
  const ongoing = useQuery(ongoingRentalsCountQueryOptions());
  const summary = useQuery(accountSummaryQueryOptions());
  const unpaid = summary.data?.unpaidContracts.length ?? 0;
  return (
    <Stack gap={3} mb={6}>
      {needsVerification ? (
        <Alert
          testId="profile-restricted"
          text={messages.identity.restrictedAccount}
          link={messages.identity.restrictedAccountLink}
          to="/auth/verify-identity"
        />
      ) : null}
      {requests.data ? (
        <Alert
          testId="alert-open-requests"
          text={format(t.openRequests, { count: requests.data })}
          link={t.openRequestsLink}
          to="/auth/contracts?tabId=pending"
        />
      ) : null}
      {ongoing.data ? (
        <Alert
          testId="alert-ongoing"
          text={format(t.ongoing, { count: ongoing.data })}
          link={t.ongoingLink}
          to="/auth/contracts?tabId=out"
        />
      ) : null}
      {unpaid > 0 ? (
        <Alert testId="alert-unpaid" text={format(t.unpaid, { count: unpaid })} link={t.unpaidLink} to="/auth/account" />
      ) : null}
    </Stack>
  );
}

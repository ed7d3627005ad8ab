import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Heading, Link, Stack, Text } from 'shared-kernel/ui';
import { formatEuros } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { AccountSummary } from 'shared-kernel/schemas';
import { accountTexts } from '../../../messages/et';

const t = accountTexts.money;

/** The available balance, the owner's rent still pending, and the account number payouts go to. */
export function BalanceCard({ summary, accountNr }: { summary: AccountSummary; accountNr: string | null }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} data-testid="balance-card">
      <Stack gap={2}>
        <Text color="gray.600">{t.balance}</Text>
        <Heading as="p" size="2xl" data-testid="account-balance">
          {formatEuros(summary.balanceCents)}
        </Heading>
        {summary.pendingCents > 0 ? (
          <Text data-testid="account-pending" title={t.pendingHint}>
            {format(t.pending, { amount: formatEuros(summary.pendingCents) })}
          </Text>
        ) : null}
        <Text color="gray.600" mt={2}>
          {t.accountNr}
        </Text>
        {accountNr ? (
          <Text data-testid="account-nr">
            {accountNr}{' '}
            <Link asChild color="brand.700" fontSize="sm">
              <RouterLink to="/auth/user-profile">{t.changeAccountNr}</RouterLink>
            </Link>
          </Text>
        ) : (
          <Text data-testid="account-nr">
            {t.accountNrMissing}{' '}
            <Link asChild color="brand.700">
              <RouterLink to="/auth/user-profile">{t.setAccountNr}</RouterLink>
            </Link>
          </Text>
        )}
      </Stack>
    </Box>
  );
}

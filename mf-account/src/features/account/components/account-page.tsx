import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'shared-kernel/router';
import { Box, ErrorFallback, Grid, Heading, Loader, Stack } from 'shared-kernel/ui';
import { useSession } from 'shared-kernel/session';
import { ACCOUNT_CONTRACTS_PARAM } from 'shared-kernel/platform';
import { ACCOUNT_HISTORY_DEFAULT, ACCOUNT_HISTORY_MAX } from 'shared-kernel/schemas';
import { accountTexts } from '../../../messages/et';
import { accountSummaryQueryKey, accountSummaryQueryOptions } from '../../../api/get-account-summary';
import { accountHistoryQueryOptions } from '../api/get-account-history';
import { usePaymentResult } from '../hooks/use-payment-result';
import { PAYMENT_WATCH_INTERVAL_MS } from '../model/constants';
import { hasPendingDeposit } from '../model/history';
import { preselectedContracts } from '../model/pay-selection';
import { AccountHistory } from './account-history';
import { BalanceCard } from './balance-card';
import { DepositForm, type DepositPrefill } from './deposit-form';
import { UnpaidContracts } from './unpaid-contracts';
import { WithdrawalForm } from './withdrawal-form';

const t = accountTexts.money;

/** `/auth/account`: balance, unpaid contracts, deposit, withdrawal and the payment history. */
export function AccountPage() {
  const user = useSession((s) => s.user);
  const [params] = useSearchParams();
  const { watching } = usePaymentResult();
  const [expanded, setExpanded] = useState(false);
  const [depositPrefill, setDepositPrefill] = useState<DepositPrefill | null>(null);
  const size = expanded ? ACCOUNT_HISTORY_MAX : ACCOUNT_HISTORY_DEFAULT;
  // After a bank return, both ask again while the deposit waits for the provider's webhook.
  const history = useQuery(
    accountHistoryQueryOptions(size, watching ? { intervalMs: PAYMENT_WATCH_INTERVAL_MS, while: hasPendingDeposit } : undefined),
  );
  // The balance is asked again until it was read after the history showed the deposit credited.
  const summaryReadAt = useQueryClient().getQueryState(accountSummaryQueryKey)?.dataUpdatedAt ?? 0;
  const summary = useQuery(
    accountSummaryQueryOptions(
      watching && (hasPendingDeposit(history.data) || summaryReadAt < history.dataUpdatedAt) ? PAYMENT_WATCH_INTERVAL_MS : false,
    ),
  );

  if (!user) return null;
  return (
    <Box w="100%" maxW="5xl">
      <Heading as="h1" size="2xl" mb={6}>
        {t.title}
      </Heading>
      {summary.isPending ? (
        <Loader minH="30vh" />
      ) : summary.isError ? (
        <ErrorFallback message={t.loadFailed} onRetry={() => void summary.refetch()} />
      ) : (
        <Stack gap={4}>
          <BalanceCard summary={summary.data} accountNr={user.accountNr} />
          <UnpaidContracts
            key={summary.data.unpaidContracts.map((c) => c.id).join(',')}
            summary={summary.data}
            preselected={preselectedContracts(params.get(ACCOUNT_CONTRACTS_PARAM), summary.data.unpaidContracts)}
            onDeposit={(cents) => setDepositPrefill((last) => ({ cents, seq: (last?.seq ?? 0) + 1 }))}
          />
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={4}>
            <DepositForm prefill={depositPrefill} />
            <WithdrawalForm key={summary.data.balanceCents} balanceCents={summary.data.balanceCents} />
          </Grid>
        </Stack>
      )}
      <Box mt={4}>
        <AccountHistory query={history} expanded={expanded} onExpand={() => setExpanded(true)} />
      </Box>
    </Box>
  );
}

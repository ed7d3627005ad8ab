import type { UseQueryResult } from '@tanstack/react-query';
import { Box, Button, ErrorFallback, Flex, Heading, Loader, Stack, Text } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { ACCOUNT_HISTORY_MAX, type AccountHistory as History } from 'shared-kernel/schemas';
import { accountTexts } from '../../../messages/et';
import { historyDate, historyStatus, historyTitle, signedAmount, visibleRows } from '../model/history';

const t = accountTexts.money.history;

/** The latest payments (3 by default; 'Näita rohkem' shows up to 100). */
export function AccountHistory({ query, expanded, onExpand }: { query: UseQueryResult<History>; expanded: boolean; onExpand: () => void }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={4} data-testid="account-history">
      <Heading as="h2" size="md" mb={3}>
        {t.title}
      </Heading>
      {query.isPending ? (
        <Loader minH={16} />
      ) : query.isError ? (
        <ErrorFallback message={messages.common.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <HistoryRows
          rows={visibleRows(query.data)}
          canExpand={!expanded && query.data.length > 0 && query.data.length < ACCOUNT_HISTORY_MAX}
          onExpand={onExpand}
          loadingMore={query.isFetching && expanded}
        />
      )}
    </Box>
  );
}

function HistoryRows({
  rows,
  canExpand,
  onExpand,
  loadingMore,
}: {
  rows: History;
  canExpand: boolean;
  onExpand: () => void;
  loadingMore: boolean;
}) {
  if (rows.length === 0) return <Text color="gray.600">{t.none}</Text>;
  return (
    <Stack gap={0}>
      <Stack as="ul" gap={0} listStyleType="none" m={0} p={0}>
        {rows.map((row) => (
          <Flex as="li" key={row.id} justify="space-between" gap={3} py={2} borderBottomWidth="1px" data-testid="history-row">
            <Box>
              <Text fontWeight="bold">
                {historyTitle(row)}
                {historyStatus(row) ? ` ${historyStatus(row)}` : ''}
              </Text>
              <Text color="gray.600" fontSize="sm">
                {historyDate(row)}
                {row.productName ? ` · ${row.productName}` : ''}
              </Text>
            </Box>
            <Text fontWeight="bold" color={row.direction === 'IN' ? 'green.700' : 'gray.800'} whiteSpace="nowrap">
              {signedAmount(row)}
            </Text>
          </Flex>
        ))}
      </Stack>
      {canExpand ? (
        <Button variant="ghost" alignSelf="start" mt={2} onClick={onExpand} loading={loadingMore}>
          {t.more}
        </Button>
      ) : null}
    </Stack>
  );
}

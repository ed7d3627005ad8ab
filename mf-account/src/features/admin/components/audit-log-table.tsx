import { useQuery } from '@tanstack/react-query';
import { format } from 'shared-kernel/messages';
import type { AuditLogEntry } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Box, ErrorFallback, Heading, Loader, Table, Text } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { auditLogQueryOptions } from '../api/get-audit-log';

const t = accountTexts.admin.audit;

function target(entry: AuditLogEntry): string {
  const parts = [entry.targetName];
  if (entry.contractId !== null) parts.push(format(t.contract, { id: entry.contractId }));
  if (entry.paymentId !== null) parts.push(format(t.payment, { id: entry.paymentId }));
  return parts.filter(Boolean).join(', ') || '–';
}

/** Who did what to whom, when and why: every operator action (issue 31). */
export function AuditLogTable() {
  const log = useQuery(auditLogQueryOptions());
  return (
    <Box as="section" aria-labelledby="audit-log-title">
      <Heading as="h2" size="lg" mb={3} id="audit-log-title">
        {t.title}
      </Heading>
      {log.isPending ? (
        <Loader minH="10vh" />
      ) : log.isError ? (
        <ErrorFallback message={t.loadFailed} onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <Text>{t.none}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="audit-log">
            <Table.Header>
              <Table.Row>
                {[t.columns.time, t.columns.actor, t.columns.action, t.columns.target, t.columns.reason].map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {log.data.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell whiteSpace="nowrap">{formatTallinnShort(entry.createdTs)}</Table.Cell>
                  <Table.Cell>{entry.actorName}</Table.Cell>
                  <Table.Cell>{t.actions[entry.action]}</Table.Cell>
                  <Table.Cell>{target(entry)}</Table.Cell>
                  <Table.Cell overflowWrap="anywhere">{entry.reason ?? '–'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}

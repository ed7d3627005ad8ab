import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages } from 'shared-kernel/messages';
import { formatTallinnShort } from 'shared-kernel/time';
import { Badge, Button, ErrorFallback, Loader, Stack, Table, Text } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { disputesQueryOptions } from '../api/get-disputes';
import { AdminPage } from './admin-page';
import { DisputeDetail } from './dispute-detail';

const t = accountTexts.admin.disputes;
const c = t.columns;

/** `/auth/admin/disputes`: the queue, one dispute's evidence and the decision form (issue 31). */
export function DisputesPage() {
  return (
    <AdminPage testId="admin-disputes" title={t.title} intro={t.intro}>
      <Queue />
    </AdminPage>
  );
}

function Queue() {
  const queue = useQuery(disputesQueryOptions());
  const [open, setOpen] = useState<number | null>(null);
  if (queue.isPending) return <Loader minH="10vh" />;
  if (queue.isError) return <ErrorFallback message={t.loadFailed} onRetry={() => void queue.refetch()} />;
  if (queue.data.length === 0) return <Text>{t.none}</Text>;
  return (
    <Stack gap={6}>
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="dispute-list">
          <Table.Header>
            <Table.Row>
              {[c.product, c.renter, c.owner, c.kind, c.opened, c.status, ''].map((h, i) => (
                <Table.ColumnHeader key={i}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {queue.data.map((d) => (
              <Table.Row key={d.id} data-testid={`dispute-${d.id}`}>
                <Table.Cell>{d.productName}</Table.Cell>
                <Table.Cell>{d.renterName}</Table.Cell>
                <Table.Cell>{d.ownerName}</Table.Cell>
                <Table.Cell>{messages.domain.disputeKinds[d.kind]}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatTallinnShort(d.createdTs)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={d.status === 'OPEN' ? 'orange' : 'green'}>
                    {d.status === 'OPEN' ? t.statusOpen : t.statusDecided}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="brand"
                    onClick={() => setOpen(d.id)}
                    aria-label={`${t.open}: ${d.productName}`}
                  >
                    {t.open}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {open !== null ? <DisputeDetail id={open} /> : null}
    </Stack>
  );
}

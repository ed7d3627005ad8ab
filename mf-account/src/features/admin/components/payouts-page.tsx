import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { PendingPayout } from 'shared-kernel/schemas';
import { formatTallinnShort } from 'shared-kernel/time';
import { Badge, Box, Button, Checkbox, ErrorFallback, HStack, Loader, Table, Text, notify } from 'shared-kernel/ui';
import { accountTexts } from '../../../messages/et';
import { estonianDate } from '../../../components/estonian-date';
import { exportPayoutsMutationOptions } from '../api/export-payouts';
import { payoutsQueryOptions } from '../api/get-payouts';
import { markPayoutsPaidMutationOptions } from '../api/mark-payouts-paid';
import { downloadFile, msgIdOf } from '../model/download-file';
import { AdminPage } from './admin-page';

const t = accountTexts.admin.payouts;
const c = t.columns;

/** `/auth/admin/payouts`: the due withdrawals, their SEPA export and 'mark paid' (issue 31). */
export function PayoutsPage() {
  return (
    <AdminPage testId="admin-payouts" title={t.title} intro={t.intro}>
      <PayoutDesk />
    </AdminPage>
  );
}

function PayoutDesk() {
  const payouts = useQuery(payoutsQueryOptions());
  if (payouts.isPending) return <Loader minH="10vh" />;
  if (payouts.isError) return <ErrorFallback message={t.loadFailed} onRetry={() => void payouts.refetch()} />;
  if (payouts.data.length === 0) return <Text>{t.none}</Text>;
  return <PayoutTable rows={payouts.data} />;
}

function PayoutTable({ rows }: { rows: PendingPayout[] }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // Rows paid meanwhile (another operator) drop out of the selection.
  const selected = rows.filter((r) => chosen.has(r.paymentId));
  const exportable = rows.filter((r) => r.ibanValid);
  const paymentIds = selected.map((r) => r.paymentId);
  const exportFile = useMutation(exportPayoutsMutationOptions());
  const markPaid = useMutation(markPayoutsPaidMutationOptions());

  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const failed = (error: unknown) =>
    notify({ type: 'error', message: isApiError(error) && error.status === 409 ? error.message : t.failed });

  // mutateAsync, not mutate's callbacks: paying the last rows unmounts this table before the
  // mutation settles, and callbacks of an unmounted observer never run.
  const runExport = async () => {
    try {
      const xml = await exportFile.mutateAsync({ paymentIds });
      const msgId = msgIdOf(xml);
      downloadFile(`${msgId}.xml`, xml, 'application/xml');
      notify({ type: 'success', message: format(t.exported, { msgId }) });
    } catch (error) {
      failed(error);
    }
  };
  const runMarkPaid = async () => {
    try {
      const answer = await markPaid.mutateAsync({ paymentIds });
      setChosen(new Set());
      notify({ type: 'success', message: format(t.paid, { count: answer.paidPaymentIds.length, amount: formatEuros(answer.paidCents) }) });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Box as="section">
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="payout-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Checkbox.Root
                  checked={selected.length > 0 && selected.length === exportable.length}
                  onCheckedChange={(d) => setChosen(new Set(d.checked === true ? exportable.map((r) => r.paymentId) : []))}
                  colorPalette="brand"
                >
                  <Checkbox.HiddenInput aria-label={t.selectAll} />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              {[c.user, c.iban, c.amount, c.requested, c.expected, c.file].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.paymentId} data-testid={`payout-${r.paymentId}`}>
                <Table.Cell>
                  <Checkbox.Root
                    checked={chosen.has(r.paymentId)}
                    disabled={!r.ibanValid}
                    onCheckedChange={(d) => toggle(r.paymentId, d.checked === true)}
                    colorPalette="brand"
                  >
                    <Checkbox.HiddenInput aria-label={format(t.select, { id: r.paymentId })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell>{r.name}</Table.Cell>
                <Table.Cell>{r.ibanValid ? r.iban : <Badge colorPalette="red">{t.badIban}</Badge>}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatEuros(r.amountCents)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatTallinnShort(r.createdTs)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{estonianDate(r.expectedDate)}</Table.Cell>
                <Table.Cell>{r.exportedMsgId ?? t.notExported}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack mt={4} gap={3} flexWrap="wrap">
        <Text data-testid="payout-selection">
          {format(t.selected, { count: selected.length, amount: formatEuros(selected.reduce((sum, r) => sum + r.amountCents, 0)) })}
        </Text>
        <Button colorPalette="brand" disabled={selected.length === 0} loading={exportFile.isPending} onClick={() => void runExport()}>
          {t.export}
        </Button>
        <Button
          variant="outline"
          colorPalette="brand"
          disabled={selected.length === 0}
          loading={markPaid.isPending}
          onClick={() => void runMarkPaid()}
        >
          {t.markPaid}
        </Button>
      </HStack>
    </Box>
  );
}

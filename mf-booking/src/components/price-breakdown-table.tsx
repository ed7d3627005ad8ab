import { Table } from 'shared-kernel/ui';
import { formatEuros, toCents } from 'shared-kernel/domain';
import type { FeeBreakdown } from 'shared-kernel/schemas';
import { format } from 'shared-kernel/messages';
import { bookingTexts } from '../messages/et';

const t = bookingTexts.flowCommon.price;

/** Spec 3 "Fee breakdown": the server's euros, shown through the one money format. */
export function PriceBreakdownTable({ price }: { price: FeeBreakdown }) {
  const rows: [string, number][] = [
    [t.rent, price.amount],
    [format(t.vat, { rate: price.vatRate }), price.vat],
    [t.fee, price.ourFee],
    [t.services, price.additionalServiceCost],
  ];
  return (
    <Table.Root size="sm" aria-label={t.title}>
      <Table.Body>
        {rows.map(([label, euros]) => (
          <Table.Row key={label}>
            <Table.Cell>{label}</Table.Cell>
            <Table.Cell textAlign="end">{formatEuros(toCents(euros))}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="bold">
          <Table.Cell>{t.total}</Table.Cell>
          <Table.Cell textAlign="end">{formatEuros(toCents(price.total))}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

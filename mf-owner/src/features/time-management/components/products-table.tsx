import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Badge, Box, Button, Checkbox, Flex, NativeSelect, Table, Text, notify } from 'shared-kernel/ui';
import { ConfirmDialog } from 'shared-kernel/overlays';
import { cutText } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { formatTallinnShort } from 'shared-kernel/time';
import { useSession } from 'shared-kernel/session';
import type { OwnerProduct } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';
import {
  editProductUrl,
  ownerDetailUrl,
  ownerHeadlineText,
  productStatus,
  productStatusLabel,
  STATUS_PALETTE,
} from '../../../components/product-status';
import { RemoveProductDialog } from '../../../components/remove-product-dialog';
import { useRefreshSoon } from '../../../components/use-refresh-soon';
import { bulkRemoveProductsMutationOptions } from '../api/bulk-remove-products';
import {
  DEFAULT_PAGE_SIZE,
  nextReservation,
  nextSort,
  PAGE_SIZES,
  pageOf,
  productCategories,
  sortProducts,
  type SortColumn,
  type SortState,
} from '../model/table-model';
import { ManualRentDialog } from './manual-rent-dialog';
import { ReservationsDialog } from './reservations-dialog';

const t = ownerTexts.timeManagement;
// Light tints: the row's links (the text green) keep 4.5:1 on them (red.100 gave 4.49:1, issue 25).
const ROW_BG = { inactive: 'red.50', rentedNow: 'green.100', active: undefined } as const;

type RowDialog = { kind: 'remove' | 'manual' | 'reservations'; product: OwnerProduct } | null;

function BulkConfirm({
  count,
  open,
  busy,
  onConfirm,
  onClose,
}: {
  count: number;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      testId="bulk-remove-dialog"
      title={t.bulkConfirmTitle}
      cancelLabel={t.no}
      confirmLabel={t.yes}
      confirmPalette="red"
      onConfirm={onConfirm}
      busy={busy}
    >
      <Text>{format(t.bulkConfirmText, { count })}</Text>
    </ConfirmDialog>
  );
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sort: SortState | null;
  onSort: (c: SortColumn) => void;
}) {
  const active = sort?.column === column;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.ColumnHeader aria-sort={ariaSort}>
      <Button variant="plain" size="xs" px={0} onClick={() => onSort(column)} aria-label={format(t.sortBy, { column: label })}>
        {label}
        {active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
      </Button>
    </Table.ColumnHeader>
  );
}

/** The owner's products of one tab as a table: filter, sort, select, page, and each row's actions. */
/** `readAt`: when the list was read; the next reservation is the next one after that moment. */
export function ProductsTable({ products, readAt }: { products: OwnerProduct[]; readAt: number }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [category, setCategory] = useState<number | null>(null);
  const [sort, setSort] = useState<SortState | null>(null);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const [compact, setCompact] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<RowDialog>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const refreshSoon = useRefreshSoon();
  const bulkRemove = useMutation(bulkRemoveProductsMutationOptions());

  const nowMs = readAt;
  const categories = productCategories(products);
  const filtered = category === null ? products : products.filter((p) => p.categoryId === category);
  const sorted = sortProducts(filtered, sort, nowMs);
  const shown = pageOf(sorted, page, pageSize);
  // Only what the filter shows can be removed: a hidden selection would surprise.
  const chosen = filtered.filter((p) => selected.has(p.id)).map((p) => p.id);
  const allOnPage = shown.rows.length > 0 && shown.rows.every((p) => selected.has(p.id));

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const p of shown.rows) {
        if (on) next.add(p.id);
        else next.delete(p.id);
      }
      return next;
    });

  const removeChosen = async () => {
    if (userId === null) return;
    try {
      await bulkRemove.mutateAsync({ userId, productIds: chosen });
      notify({ type: 'success', message: t.bulkRemoved });
      setSelected(new Set());
      setConfirmBulk(false);
      refreshSoon();
    } catch {
      setConfirmBulk(false);
      notify({ type: 'warning', message: t.bulkFailed });
    }
  };

  return (
    <Box>
      <Flex as="nav" aria-label={t.categories} gap={2} wrap="wrap" mb={3}>
        <Button
          size="xs"
          variant={category === null ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={category === null}
          onClick={() => {
            setCategory(null);
            setPage(0);
          }}
        >
          {t.allCategories}
        </Button>
        {categories.map((c) => (
          <Button
            key={c.id}
            size="xs"
            variant={category === c.id ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={category === c.id}
            title={c.name}
            onClick={() => {
              setCategory(c.id);
              setPage(0);
            }}
          >
            {cutText(c.name, 20)}
          </Button>
        ))}
      </Flex>
      <Flex gap={4} align="center" wrap="wrap" mb={3}>
        <Button size="sm" colorPalette="red" disabled={chosen.length === 0} onClick={() => setConfirmBulk(true)}>
          {t.removeSelected}
          {chosen.length > 0 ? ` (${chosen.length})` : ''}
        </Button>
        {/* A view toggle of the table, not a form field: nothing is submitted. */}
        {/* eslint-disable-next-line rendime/no-hand-rolled-form-state */}
        <Checkbox.Root checked={compact} onCheckedChange={(d) => setCompact(d.checked === true)} colorPalette="brand">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t.compact}</Checkbox.Label>
        </Checkbox.Root>
      </Flex>
      {filtered.length === 0 ? (
        <Text py={4}>{t.empty}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size={compact ? 'sm' : 'md'} data-compact={compact || undefined}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Checkbox.Root checked={allOnPage} onCheckedChange={(d) => toggleAll(d.checked === true)} aria-label={t.selectAll}>
                    <Checkbox.HiddenInput aria-label={t.selectAll} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
                <SortHeader column="name" label={t.columns.name} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
                {compact ? null : (
                  <SortHeader column="category" label={t.columns.category} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
                )}
                <SortHeader column="price" label={t.columns.price} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
                <SortHeader column="status" label={t.columns.status} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
                {compact ? null : (
                  <SortHeader column="next" label={t.columns.next} sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
                )}
                <Table.ColumnHeader>{t.columns.actions}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.rows.map((p) => {
                const status = productStatus(p);
                const next = nextReservation(p, nowMs);
                return (
                  <Table.Row key={p.id} bg={ROW_BG[status]} data-status={status}>
                    <Table.Cell>
                      <Checkbox.Root checked={selected.has(p.id)} onCheckedChange={(d) => toggle(p.id, d.checked === true)}>
                        <Checkbox.HiddenInput aria-label={format(t.selectRow, { name: p.name })} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                    <Table.Cell>{p.name}</Table.Cell>
                    {compact ? null : <Table.Cell>{p.categoryName}</Table.Cell>}
                    <Table.Cell>{ownerHeadlineText(p, { withUnit: false }) ?? '–'}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={STATUS_PALETTE[status]}>{productStatusLabel(p)}</Badge>
                    </Table.Cell>
                    {compact ? null : <Table.Cell>{next ? formatTallinnShort(next.startTs) : t.noNext}</Table.Cell>}
                    <Table.Cell>
                      <Flex gap={1} wrap="wrap">
                        <Button asChild size="xs" variant="outline">
                          <RouterLink to={editProductUrl(p.id)} aria-label={`${t.edit}: ${p.name}`}>
                            {t.edit}
                          </RouterLink>
                        </Button>
                        <Button asChild size="xs" variant="outline">
                          <RouterLink to={ownerDetailUrl(p.id)} aria-label={`${t.view}: ${p.name}`}>
                            {t.view}
                          </RouterLink>
                        </Button>
                        {p.active ? (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            aria-label={`${t.remove}: ${p.name}`}
                            onClick={() => setDialog({ kind: 'remove', product: p })}
                          >
                            {t.remove}
                          </Button>
                        ) : null}
                        {p.active ? (
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`${t.manualRent}: ${p.name}`}
                            onClick={() => setDialog({ kind: 'manual', product: p })}
                          >
                            {t.manualRent}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`${t.reservations}: ${p.name}`}
                          onClick={() => setDialog({ kind: 'reservations', product: p })}
                        >
                          {t.reservations}
                        </Button>
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Flex gap={3} align="center" justify="flex-end" mt={3} wrap="wrap">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t.pageSize}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(0);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Text fontSize="sm" data-testid="page-info">
          {format(t.pageInfo, {
            from: sorted.length === 0 ? 0 : shown.page * pageSize + 1,
            to: shown.page * pageSize + shown.rows.length,
            total: sorted.length,
          })}
        </Text>
        <Button size="xs" variant="outline" disabled={shown.page === 0} onClick={() => setPage(shown.page - 1)}>
          {t.previousPage}
        </Button>
        <Button size="xs" variant="outline" disabled={shown.page >= shown.pages - 1} onClick={() => setPage(shown.page + 1)}>
          {t.nextPage}
        </Button>
      </Flex>
      <BulkConfirm
        count={chosen.length}
        open={confirmBulk}
        busy={bulkRemove.isPending}
        onConfirm={() => void removeChosen()}
        onClose={() => setConfirmBulk(false)}
      />
      {dialog?.kind === 'remove' ? (
        <RemoveProductDialog product={dialog.product} open onClose={() => setDialog(null)} onRemoved={refreshSoon} />
      ) : null}
      {dialog?.kind === 'manual' ? <ManualRentDialog product={dialog.product} open onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'reservations' ? <ReservationsDialog product={dialog.product} open onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'shared-kernel/router';
import { Box, Button, Heading, Stack, Text } from 'shared-kernel/ui';
import { ContentDialog } from 'shared-kernel/overlays';
import { reservationStatusLabel } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import { formatTallinnShort, tallinnIsoDate } from 'shared-kernel/time';
import { CALENDAR_BLOCKS_LISTED, calendarHost, type CalendarImport, type OwnerProduct } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';
import { calendarImportsQueryOptions } from '../../../components/calendar-sync/api/get-calendar-imports';
import { CalendarImportWarning } from '../../../components/calendar-sync/calendar-import-warning';

const t = ownerTexts.ownerView;
const monthName = new Intl.DateTimeFormat('et-EE', { month: 'long', year: 'numeric', timeZone: 'Europe/Tallinn' });

interface CalendarEntry {
  key: string;
  /** 'YYYY-MM-DD' of the entry's first day in Tallinn, for ordering and grouping. */
  date: string;
  text: string;
}

/** Reservations (by their start) and rest days, grouped by Tallinn month, oldest first. */
export function calendarMonths(
  product: Pick<OwnerProduct, 'ownerReservations' | 'vacationDays'>,
): { month: string; entries: CalendarEntry[] }[] {
  const entries: CalendarEntry[] = [
    ...product.ownerReservations.map((r) => ({
      key: `r${r.id}`,
      date: tallinnIsoDate(r.startTs),
      text: `${format(t.reservationLine, { start: formatTallinnShort(r.startTs), end: formatTallinnShort(r.endTs) })} · ${reservationStatusLabel(r.status)}`,
    })),
    ...product.vacationDays.map((d) => ({
      key: `v${d}`,
      date: d,
      text: format(t.calendarVacation, { date: d.split('-').reverse().join('.') }),
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const months = new Map<string, CalendarEntry[]>();
  for (const entry of entries) {
    // Noon UTC of the 1st lies in the same Tallinn month whatever the offset.
    const label = monthName.format(new Date(`${entry.date.slice(0, 7)}-01T12:00:00Z`));
    months.set(label, [...(months.get(label) ?? []), entry]);
  }
  return [...months].map(([month, list]) => ({ month, entries: list }));
}

/**
 * The first coming periods of all the product's outside calendars by start, each with its
 * calendar's host. Each calendar lists its first `CALENDAR_BLOCKS_LISTED`, so these are the first overall.
 */
export function importedPeriods(rows: CalendarImport[]): { key: string; text: string }[] {
  return rows
    .flatMap((row) => row.upcoming.map((period) => ({ ...period, host: calendarHost(row.url), key: `${row.id}-${period.startTs}` })))
    .sort((a, b) => a.startTs.localeCompare(b.startTs))
    .slice(0, CALENDAR_BLOCKS_LISTED)
    .map((p) => ({
      key: p.key,
      text: format(t.calendarImportedLine, { start: formatTallinnShort(p.startTs), end: formatTallinnShort(p.endTs), host: p.host }),
    }));
}

/** What the product's outside calendars hold: how many periods and the first few by date. Nothing when it follows none. */
function ImportedBlocks({ productId }: { productId: number }) {
  const query = useQuery(calendarImportsQueryOptions(productId));
  const rows = query.data ?? [];
  if (rows.length === 0) return null;
  const count = rows.reduce((sum, row) => sum + row.blockedCount, 0);
  const periods = importedPeriods(rows);
  return (
    <Stack gap={2}>
      <Text>{format(t.calendarImported, { count })}</Text>
      {/* Just added or asked again: the count grows when the read is in (the list polls till then). */}
      {rows.some((row) => row.pending) ? <Text role="status">{ownerTexts.calendarSync.reading}</Text> : null}
      {periods.length > 0 ? (
        <Box data-testid="imported-periods">
          <Stack as="ul" aria-label={t.calendarImportedList} gap={1} listStyleType="none" p={0}>
            {periods.map((p) => (
              <Text as="li" key={p.key}>
                {p.text}
              </Text>
            ))}
          </Stack>
          {count > periods.length ? (
            <Text color="gray.600">{format(t.calendarImportedMore, { count: count - periods.length })}</Text>
          ) : null}
        </Box>
      ) : null}
      <CalendarImportWarning productId={productId} />
    </Stack>
  );
}

export function CalendarDialog({ product, open, onClose }: { product: OwnerProduct; open: boolean; onClose: () => void }) {
  const months = calendarMonths(product);
  return (
    <ContentDialog
      open={open}
      onClose={onClose}
      scrollBehavior="inside"
      testId="calendar-dialog"
      title={t.calendarTitle}
      footer={
        <>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/auth/time-management">{t.timeManagementLink}</RouterLink>
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {messages.common.close}
          </Button>
        </>
      }
    >
      <Stack gap={4}>
        <ImportedBlocks productId={product.id} />
        {months.length === 0 ? <Text>{t.calendarEmpty}</Text> : null}
        {months.map(({ month, entries }) => (
          <Box key={month} as="section" aria-label={month}>
            <Heading as="h3" size="sm" textTransform="capitalize">
              {month}
            </Heading>
            <Stack as="ul" gap={1} listStyleType="none" p={0}>
              {entries.map((e) => (
                <Text as="li" key={e.key}>
                  {e.text}
                </Text>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </ContentDialog>
  );
}

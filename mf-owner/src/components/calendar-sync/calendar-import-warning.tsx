import { useQuery } from '@tanstack/react-query';
import { format } from 'shared-kernel/messages';
import { Box, Text } from 'shared-kernel/ui';
import { calendarHost, type FailingCalendar } from 'shared-kernel/schemas';
import { ownerTexts } from '../../messages/et';
import { calendarImportsQueryOptions } from './api/get-calendar-imports';
import { feedErrorText, feedWarningText } from './model/calendar-scope';

const t = ownerTexts.calendarSync;

/**
 * Outside calendars of the product that fail to refresh or hold more events than are kept, on the
 * owner's product page and in its calendar: otherwise the owner would learn of it only by opening
 * the sync dialog, while bookings slip through. Nothing while loading or when the list cannot be
 * read: the page itself still works.
 */
export function CalendarImportWarning({ productId }: { productId: number }) {
  const query = useQuery(calendarImportsQueryOptions(productId));
  // Named by its address's host, so an owner with several can tell which one broke.
  const failing = (query.data ?? []).flatMap((row) =>
    row.error || row.warning ? [{ error: row.error, warning: row.warning, host: calendarHost(row.url) }] : [],
  );
  return <FailingCalendarsWarning failing={failing} />;
}

/** The warning itself, also on each product of the owner's list (from its `failingCalendars`). */
export function FailingCalendarsWarning({ failing }: { failing: FailingCalendar[] }) {
  if (failing.length === 0) return null;
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      borderRadius="md"
      p={3}
      data-testid="calendar-import-warning"
    >
      {failing.flatMap((row, i) => [
        row.error ? (
          <Text key={`${i}-error`} color="orange.800" fontWeight="semibold">
            {format(t.notUpdating, { host: row.host, text: feedErrorText(row.error) })}
          </Text>
        ) : null,
        row.warning ? (
          <Text key={`${i}-warning`} color="orange.800" fontWeight="semibold">
            {feedWarningText(row.warning, row.host)}
          </Text>
        ) : null,
      ])}
      <Text fontSize="sm">{t.notUpdatingHint}</Text>
    </Box>
  );
}

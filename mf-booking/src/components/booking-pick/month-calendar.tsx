import { useMemo, useState } from 'react';
import { Box, Button, Flex, Grid, IconButton, Text } from 'shared-kernel/ui';
import type { BookingCalendarProduct } from 'shared-kernel/time';
import { bookingTexts } from '../../messages/et';
import { dayLabel, monthTitle, monthWeeks, nextPick, shiftMonth, yearMonthOf, type RangePick } from './calendar-model';
import { dayState } from './pick-model';

const t = bookingTexts.panel.calendar;

export interface MonthCalendarProps {
  product: BookingCalendarProduct;
  /** Tallinn date of today; earlier days are disabled. */
  today: string;
  value: RangePick;
  onChange: (pick: RangePick) => void;
  /** Hourly mode: one day only. */
  single?: boolean;
}

/**
 * The booking calendar (spec 2.7 variant 3): a month, Monday first, Estonian names; days that are
 * past, not rent days, vacation days or held by a reservation cannot be chosen. Pick a start day,
 * then an end day. Each day is a button whose name says its date and state.
 */
export function MonthCalendar({ product, today, value, onChange, single = false }: MonthCalendarProps) {
  const [shown, setShown] = useState(() => yearMonthOf(value.start || today));
  const weeks = useMemo(() => monthWeeks(shown, product, today), [shown, product, today]);
  const end = value.end || value.start;
  const title = monthTitle(shown);

  return (
    <Box data-testid="booking-calendar">
      <Flex align="center" justify="space-between" mb={2}>
        <IconButton size="sm" variant="ghost" aria-label={t.previousMonth} onClick={() => setShown((m) => shiftMonth(m, -1))}>
          ‹
        </IconButton>
        <Text fontWeight="semibold" textTransform="capitalize" aria-live="polite" data-testid="calendar-month">
          {title}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label={t.nextMonth} onClick={() => setShown((m) => shiftMonth(m, 1))}>
          ›
        </IconButton>
      </Flex>
      <Grid role="group" aria-label={`${t.label}: ${title}`} templateColumns="repeat(7, 1fr)" gap={1}>
        {t.weekdayLetters.map((letter, i) => (
          <Text key={letter + i} as="abbr" title={t.weekdayNames[i]} textAlign="center" fontSize="sm" color="gray.600" textDecoration="none">
            {letter}
          </Text>
        ))}
        {weeks.flat().map((cell, i) => {
          if (!cell) return <Box key={`pad-${i}`} />;
          const enabled = cell.state === 'available';
          const selected = Boolean(value.start) && cell.day >= value.start && cell.day <= end;
          const edge = cell.day === value.start || cell.day === end;
          return (
            <Button
              key={cell.day}
              size="sm"
              minW={0}
              px={0}
              disabled={!enabled}
              aria-pressed={selected}
              aria-label={dayLabel(cell.day, cell.state)}
              variant={edge ? 'solid' : selected ? 'subtle' : 'ghost'}
              colorPalette={enabled ? 'brand' : 'gray'}
              textDecoration={cell.state === 'reserved' ? 'line-through' : undefined}
              onClick={() => onChange(nextPick(value, cell.day, single, (d) => dayState(d, product, today)))}
            >
              {cell.dayOfMonth}
            </Button>
          );
        })}
      </Grid>
    </Box>
  );
}

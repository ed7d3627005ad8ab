import { useMemo, type KeyboardEvent } from 'react';
import { Box, Flex, Grid, IconButton, Text } from 'shared-kernel/ui';
import type { BookingCalendarProduct } from 'shared-kernel/time';
import { bookingTexts } from '../../messages/et';
import { GridCell } from '../keyboard-grid/grid-cell';
import { useRovingFocus } from '../keyboard-grid/use-roving-focus';
import { useStableCallback } from '../keyboard-grid/use-stable-callback';
import {
  dayAfterKey,
  dayLabel,
  monthTitle,
  monthWeeks,
  nextPick,
  shiftDayByMonths,
  yearMonthOf,
  type DayStateTexts,
  type RangePick,
} from './calendar-model';
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
  /** What the days' states are called, when not the rental calendar's words. */
  stateTexts?: Partial<DayStateTexts>;
}

/**
 * The booking calendar (spec 2.7 variant 3): a month, Monday first, Estonian names; days that are
 * past, not rent days, vacation days or held by a reservation cannot be chosen. Pick a start day,
 * then an end day. A date-picker grid (WAI-ARIA APG): one tab stop, arrows move by a day or a week,
 * Home/End to the week's ends, PageUp/PageDown by a month (with Shift a year), Enter or Space
 * chooses; a day that cannot be chosen still takes the focus, so its name says why.
 */
export function MonthCalendar({ product, today, value, onChange, single = false, stateTexts }: MonthCalendarProps) {
  const { active, setActive, moveTo, gridRef } = useRovingFocus(() => value.start || today);
  const shown = yearMonthOf(active);
  const weeks = useMemo(
    () => monthWeeks({ year: shown.year, month: shown.month }, product, today),
    [shown.year, shown.month, product, today],
  );
  const states = useMemo(() => ({ ...t.states, ...stateTexts }), [stateTexts]);
  const end = value.end || value.start;
  const title = monthTitle(shown);

  const choose = useStableCallback((day: string) => {
    setActive(day);
    onChange(nextPick(value, day, single, (d) => dayState(d, product, today)));
  });
  const navigate = useStableCallback((day: string, event: KeyboardEvent<HTMLElement>) => {
    const next = dayAfterKey(day, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    moveTo(next);
  });

  return (
    <Box data-testid="booking-calendar">
      <Flex align="center" justify="space-between" mb={2}>
        <IconButton size="sm" variant="ghost" aria-label={t.previousMonth} onClick={() => setActive((d) => shiftDayByMonths(d, -1))}>
          ‹
        </IconButton>
        <Text fontWeight="semibold" textTransform="capitalize" aria-live="polite" data-testid="calendar-month">
          {title}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label={t.nextMonth} onClick={() => setActive((d) => shiftDayByMonths(d, 1))}>
          ›
        </IconButton>
      </Flex>
      <Box
        ref={gridRef}
        role="grid"
        aria-label={`${t.label}: ${title}`}
        aria-multiselectable={single ? undefined : true}
        display="flex"
        flexDirection="column"
        gap={1}
      >
        <Grid role="row" templateColumns="repeat(7, 1fr)" gap={1}>
          {t.weekdayLetters.map((letter, i) => (
            // The header's own text size keeps the row as tall as the letters were on their own.
            <Box key={letter + i} role="columnheader" aria-label={t.weekdayNames[i]} textAlign="center" fontSize="sm" color="gray.600">
              <Text as="abbr" title={t.weekdayNames[i]} textDecoration="none">
                {letter}
              </Text>
            </Box>
          ))}
        </Grid>
        {weeks.map((week) => (
          <Grid key={week.find(Boolean)?.day} role="row" templateColumns="repeat(7, 1fr)" gap={1}>
            {week.map((cell, i) => {
              if (!cell) return <Box key={`pad-${i}`} role="gridcell" />;
              const enabled = cell.state === 'available';
              const selected = Boolean(value.start) && cell.day >= value.start && cell.day <= end;
              const edge = cell.day === value.start || cell.day === end;
              return (
                <GridCell
                  key={cell.day}
                  cellKey={cell.day}
                  label={dayLabel(cell.day, cell.state, states)}
                  active={cell.day === active}
                  selected={selected}
                  enabled={enabled}
                  variant={edge ? 'solid' : selected ? 'subtle' : 'ghost'}
                  palette={enabled ? 'brand' : 'gray'}
                  struck={cell.state === 'reserved'}
                  narrow
                  onChoose={choose}
                  onFocusCell={setActive}
                  onNavigate={navigate}
                >
                  {cell.dayOfMonth}
                </GridCell>
              );
            })}
          </Grid>
        ))}
      </Box>
    </Box>
  );
}

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { tallinnLocalToEpoch } from 'shared-kernel/time';
import { testProduct } from '../../testing/product-fixture';
import type { RangePick } from './calendar-model';
import { MonthCalendar } from './month-calendar';
import { calendarProduct } from './pick-model';

const at = (local: string) => new Date(tallinnLocalToEpoch(local)).toISOString();

// December 2026: Tuesday the 1st is today; Sundays are no rent days; the 10th is taken; the 22nd a vacation day.
const product = calendarProduct(
  testProduct({
    rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'],
    vacationDays: ['2026-12-22'],
    reservations: [{ id: 1, startTs: at('2026-12-10T12:00'), endTs: at('2026-12-10T14:00') }],
  }),
);

function Harness({ single = false, initial = { start: '', end: '' } }: { single?: boolean; initial?: RangePick }) {
  const [value, setValue] = useState<RangePick>(initial);
  return (
    <>
      <MonthCalendar product={product} today="2026-12-01" value={value} onChange={setValue} single={single} />
      <output data-testid="pick">{`${value.start}|${value.end}`}</output>
    </>
  );
}

const cell = (name: string) => screen.getByRole('gridcell', { name });
const button = (name: string) => screen.getByRole('button', { name });
const pick = () => screen.getByTestId('pick').textContent;
const focused = () => document.activeElement?.getAttribute('aria-label');
const tabStops = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('gridcell')
    .filter((c) => c.tabIndex === 0);

describe('MonthCalendar', () => {
  it('names each day with its full date and state; past, non-rent, vacation and taken days cannot be chosen', () => {
    renderWithPlatform(<Harness />);
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('detsember 2026');
    expect(screen.getByRole('grid', { name: 'Rendikalender: detsember 2026' })).toBeInTheDocument();
    expect(cell('12. detsember 2026, vaba')).not.toHaveAttribute('aria-disabled');
    expect(cell('10. detsember 2026, broneeritud')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('13. detsember 2026, ei ole rendipäev')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('22. detsember 2026, puhkusepäev')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('1. detsember 2026, vaba')).not.toHaveAttribute('aria-disabled');
    // Monday first: the 1st (a Tuesday) comes after one empty cell, in a row of seven.
    const firstWeek = screen.getAllByRole('row')[1];
    expect(within(firstWeek).getAllByRole('gridcell')).toHaveLength(7);
    expect(within(firstWeek).getAllByRole('gridcell')[1]).toHaveAccessibleName('1. detsember 2026, vaba');
    expect(screen.getByRole('columnheader', { name: 'esmaspäev' })).toHaveTextContent('E');
    expect(screen.getByTitle('esmaspäev')).toHaveTextContent('E');

    fireEvent.click(cell('10. detsember 2026, broneeritud'));
    fireEvent.click(cell('13. detsember 2026, ei ole rendipäev'));
    expect(pick()).toBe('|');

    fireEvent.click(button('Eelmine kuu'));
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('november 2026');
    expect(cell('30. november 2026, möödunud')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button('Järgmine kuu'));
    fireEvent.click(button('Järgmine kuu'));
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('jaanuar 2027');
    expect(cell('4. jaanuar 2027, vaba')).not.toHaveAttribute('aria-disabled');
  });

  it('picks a start then an end; a single day; an earlier day starts over', () => {
    renderWithPlatform(<Harness />);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-multiselectable', 'true');
    fireEvent.click(cell('14. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-14|');
    expect(cell('14. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(cell('17. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-14|2026-12-17');
    expect(cell('16. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'true');
    expect(cell('18. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'false');

    fireEvent.click(cell('15. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-15|');
    fireEvent.click(cell('15. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-15|2026-12-15');

    fireEvent.click(cell('16. detsember 2026, vaba'));
    fireEvent.click(cell('11. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-11|');
  });

  it('never lets a range run through a taken or vacation day, but through a non-rent day', () => {
    renderWithPlatform(<Harness />);
    fireEvent.click(cell('8. detsember 2026, vaba'));
    fireEvent.click(cell('11. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-11|');
    fireEvent.click(cell('14. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-11|2026-12-14');
    fireEvent.click(cell('21. detsember 2026, vaba'));
    fireEvent.click(cell('23. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-23|');
  });

  it('picks one day in single (hourly) mode and opens on the picked month', () => {
    renderWithPlatform(<Harness single initial={{ start: '2027-02-03', end: '' }} />);
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('veebruar 2027');
    fireEvent.click(cell('5. veebruar 2027, vaba'));
    fireEvent.click(cell('8. veebruar 2027, vaba'));
    expect(pick()).toBe('2027-02-08|');
  });
});

/** Renders the calendar and tabs past the month buttons to its one tab stop. */
async function tabIntoCalendar() {
  const user = userEvent.setup();
  renderWithPlatform(<Harness />);
  for (let i = 0; i < 3; i++) await user.tab();
  return user;
}

/** Presses each step's keys and expects the focus on the step's day. */
async function walk(user: ReturnType<typeof userEvent.setup>, steps: [keys: string, day: string][]) {
  for (const [keys, day] of steps) {
    await user.keyboard(keys);
    expect(focused()).toBe(day);
  }
}

describe('MonthCalendar from the keyboard (WAI-ARIA date picker grid)', () => {
  it('is one tab stop, on today, after the month buttons', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<Harness />);
    expect(tabStops()).toEqual([cell('1. detsember 2026, vaba')]);
    await user.tab();
    expect(document.activeElement).toBe(button('Eelmine kuu'));
    await user.tab();
    expect(document.activeElement).toBe(button('Järgmine kuu'));
    await user.tab();
    expect(focused()).toBe('1. detsember 2026, vaba');
    await user.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves by a day with left and right, a week with up and down, to the week ends with Home and End', async () => {
    const user = await tabIntoCalendar();
    await walk(user, [
      ['{ArrowRight}', '2. detsember 2026, vaba'],
      ['{ArrowDown}', '9. detsember 2026, vaba'],
      ['{ArrowDown}', '16. detsember 2026, vaba'],
      ['{ArrowUp}{ArrowLeft}', '8. detsember 2026, vaba'],
      ['{Home}', '7. detsember 2026, vaba'],
      // A day that cannot be chosen takes the focus and says why.
      ['{End}', '13. detsember 2026, ei ole rendipäev'],
    ]);
    expect(tabStops()).toEqual([cell('13. detsember 2026, ei ole rendipäev')]);
    await user.keyboard('{Enter} ');
    expect(pick()).toBe('|');
  });

  it('chooses the start and the end with Enter and Space; a taken day is announced and refused', async () => {
    const user = await tabIntoCalendar();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowLeft}');
    expect(focused()).toBe('14. detsember 2026, vaba');
    await user.keyboard('{Enter}');
    expect(pick()).toBe('2026-12-14|');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await user.keyboard(' ');
    expect(pick()).toBe('2026-12-14|2026-12-17');
    expect(cell('15. detsember 2026, vaba')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('10. detsember 2026, broneeritud');
    await user.keyboard('{Enter}');
    expect(pick()).toBe('2026-12-14|2026-12-17');
  });

  it('turns the month with PageUp and PageDown (a year with Shift) and when the arrows leave it', async () => {
    const user = await tabIntoCalendar();
    await walk(user, [['{ArrowLeft}', '30. november 2026, möödunud']]);
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('november 2026');
    await walk(user, [['{ArrowRight}{PageDown}', '1. jaanuar 2027, vaba']]);
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('jaanuar 2027');
    await walk(user, [
      // 31 December to the shorter January keeps the month's end.
      ['{ArrowLeft}{PageDown}', '31. jaanuar 2027, ei ole rendipäev'],
      ['{PageDown}', '28. veebruar 2027, ei ole rendipäev'],
      ['{Shift>}{PageDown}{/Shift}', '28. veebruar 2028, vaba'],
    ]);
    expect(screen.getByRole('grid', { name: 'Rendikalender: veebruar 2028' })).toBeInTheDocument();
    await walk(user, [['{Shift>}{PageUp}{/Shift}{PageUp}', '28. jaanuar 2027, vaba']]);
  });

  it('keeps the tab stop in the month the buttons show', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<Harness />);
    await user.click(button('Järgmine kuu'));
    expect(tabStops()).toEqual([cell('1. jaanuar 2027, vaba')]);
    await user.tab();
    expect(focused()).toBe('1. jaanuar 2027, vaba');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { tallinnLocalToEpoch } from 'shared-kernel/time';
import { testProduct } from '../../testing/product-fixture';
import type { RangePick } from './calendar-model';
import { MonthCalendar } from './month-calendar';
import { calendarProduct } from './pick-model';

const at = (local: string) => new Date(tallinnLocalToEpoch(local)).toISOString();

// December 2026: Tuesday the 1st is today; Sundays are no rent days; the 10th is taken; the 20th a vacation day.
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

const button = (name: string) => screen.getByRole('button', { name });
const pick = () => screen.getByTestId('pick').textContent;

describe('MonthCalendar', () => {
  it('names each day and disables past, non-rent, vacation and taken days', () => {
    renderWithPlatform(<Harness />);
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('detsember 2026');
    expect(button('12. detsember 2026, vaba')).toBeEnabled();
    expect(button('10. detsember 2026, broneeritud')).toBeDisabled();
    expect(button('13. detsember 2026, ei ole rendipäev')).toBeDisabled();
    expect(button('22. detsember 2026, puhkusepäev')).toBeDisabled();
    expect(button('1. detsember 2026, vaba')).toBeEnabled();
    // Monday first: the 1st (a Tuesday) comes after one empty cell.
    expect(screen.getAllByRole('button', { name: /detsember 2026/ })[0]).toHaveAccessibleName('1. detsember 2026, vaba');
    expect(screen.getByTitle('esmaspäev')).toHaveTextContent('E');

    fireEvent.click(button('Eelmine kuu'));
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('november 2026');
    expect(button('30. november 2026, möödunud')).toBeDisabled();
    fireEvent.click(button('Järgmine kuu'));
    fireEvent.click(button('Järgmine kuu'));
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('jaanuar 2027');
    expect(button('4. jaanuar 2027, vaba')).toBeEnabled();
  });

  it('picks a start then an end; a single day; an earlier day starts over', () => {
    renderWithPlatform(<Harness />);
    fireEvent.click(button('14. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-14|');
    expect(button('14. detsember 2026, vaba')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(button('17. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-14|2026-12-17');
    expect(button('16. detsember 2026, vaba')).toHaveAttribute('aria-pressed', 'true');
    expect(button('18. detsember 2026, vaba')).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(button('15. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-15|');
    fireEvent.click(button('15. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-15|2026-12-15');

    fireEvent.click(button('16. detsember 2026, vaba'));
    fireEvent.click(button('11. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-11|');
  });

  it('never lets a range run through a taken or vacation day, but through a non-rent day', () => {
    renderWithPlatform(<Harness />);
    fireEvent.click(button('8. detsember 2026, vaba'));
    fireEvent.click(button('11. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-11|');
    fireEvent.click(button('14. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-11|2026-12-14');
    fireEvent.click(button('21. detsember 2026, vaba'));
    fireEvent.click(button('23. detsember 2026, vaba'));
    expect(pick()).toBe('2026-12-23|');
  });

  it('picks one day in single (hourly) mode and opens on the picked month', () => {
    renderWithPlatform(<Harness single initial={{ start: '2027-02-03', end: '' }} />);
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('veebruar 2027');
    fireEvent.click(button('5. veebruar 2027, vaba'));
    fireEvent.click(button('8. veebruar 2027, vaba'));
    expect(pick()).toBe('2027-02-08|');
  });
});

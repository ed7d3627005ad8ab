import { tallinnLocalToEpoch } from 'shared-kernel/time';
import { testProduct } from '../../testing/product-fixture';
import {
  calendarProduct,
  dayState,
  endHourOptions,
  periodOf,
  pickFromSearch,
  rentProductUrl,
  returnDay,
  startHourOptions,
  EMPTY_PICK,
} from './pick-model';

const product = testProduct({ priceHour: 4 });

describe('pick model', () => {
  it('shows the days an owner’s outside calendar holds as taken, like reservations (issue 32)', () => {
    const blocked = testProduct({ blockedPeriods: [{ startTs: '2026-12-14T06:00:00.000Z', endTs: '2026-12-15T16:00:00.000Z' }] });
    const shown = calendarProduct(blocked);
    expect(dayState('2026-12-14', shown, '2026-12-01')).toBe(
      dayState(
        '2026-12-14',
        calendarProduct(testProduct({ reservations: [{ id: 1, startTs: '2026-12-14T06:00:00.000Z', endTs: '2026-12-15T16:00:00.000Z' }] })),
        '2026-12-01',
      ),
    );
    expect(dayState('2026-12-14', shown, '2026-12-01')).not.toBe(dayState('2026-12-14', calendarProduct(testProduct({})), '2026-12-01'));
    expect(dayState('2026-12-16', shown, '2026-12-01')).toBe(dayState('2026-12-16', calendarProduct(testProduct({})), '2026-12-01'));
  });

  it('offers whole hours inside the window', () => {
    expect(startHourOptions({ startTs: '08:30', endTs: '12:00' })).toEqual([9, 10, 11]);
    expect(endHourOptions({ startTs: '08:30', endTs: '12:00' }, 10)).toEqual([11, 12]);
    expect(endHourOptions({ startTs: '20:00', endTs: '24:00' }, 22)).toEqual([23, 24]);
  });

  it('leaves out the hour the spring DST night skips, and keeps the autumn night’s repeated one', () => {
    const allDay = { startTs: '00:00', endTs: '24:00' };
    // 28 March 2027: 03:00 → 04:00. Read on, 03:00 would be 04:00: 03:00–04:00 an empty period.
    expect(startHourOptions(allDay, '2027-03-28').slice(0, 5)).toEqual([0, 1, 2, 4, 5]);
    expect(endHourOptions(allDay, 1, '2027-03-28').slice(0, 3)).toEqual([2, 4, 5]);
    expect(endHourOptions(allDay, 22, '2027-03-28')).toEqual([23, 24]);
    expect(startHourOptions(allDay, '2027-03-27').slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(startHourOptions(allDay, '2027-10-31').slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    // A pick of it (a hand-made rent page URL) is no period and no URL.
    const hourly = testProduct({ priceHour: 4, startTs: '00:00', endTs: '24:00' });
    const pick = { startD: '2027-03-28', endD: '', hourly: true, startH: '3', endH: '5' };
    expect(periodOf(hourly, pick)).toBeUndefined();
    expect(periodOf(hourly, { ...pick, startH: '2', endH: '3' })).toBeUndefined();
    expect(rentProductUrl(12, hourly, pick)).toBeUndefined();
    expect(periodOf(hourly, { ...pick, startH: '2', endH: '4' })).toEqual({
      startMs: Date.parse('2027-03-28T00:00:00Z'),
      endMs: Date.parse('2027-03-28T01:00:00Z'),
    });
    expect(periodOf(hourly, { ...pick, startD: '2027-10-31' })).toEqual({
      startMs: Date.parse('2027-10-31T00:00:00Z'),
      endMs: Date.parse('2027-10-31T03:00:00Z'),
    });
  });

  it('books day picks from opening hour to the return day opening hour, DST-safe', () => {
    expect(returnDay('2026-10-24', '')).toBe('2026-10-25');
    expect(returnDay('2026-10-24', '2026-10-24')).toBe('2026-10-25');
    const period = periodOf(product, { ...EMPTY_PICK, startD: '2026-10-24', endD: '2026-10-26' })!;
    expect(new Date(period.startMs).toISOString()).toBe('2026-10-24T05:00:00.000Z');
    // The clocks fall back on the 25th: 08:00 on the 26th is 07:00 UTC.
    expect(new Date(period.endMs).toISOString()).toBe('2026-10-26T06:00:00.000Z');
  });

  it('books the chosen hours of one day in hourly mode', () => {
    const period = periodOf(product, { startD: '2026-12-14', endD: '', hourly: true, startH: '10', endH: '13' })!;
    expect(period).toEqual({ startMs: tallinnLocalToEpoch('2026-12-14T10:00'), endMs: tallinnLocalToEpoch('2026-12-14T13:00') });
    expect(periodOf(product, { startD: '2026-12-14', endD: '', hourly: true, startH: '13', endH: '10' })).toBeUndefined();
    expect(
      periodOf(testProduct({ priceHour: null }), { startD: '2026-12-14', endD: '2026-12-15', hourly: true, startH: '10', endH: '13' }),
    ).toEqual({
      startMs: tallinnLocalToEpoch('2026-12-14T08:00'),
      endMs: tallinnLocalToEpoch('2026-12-15T08:00'),
    });
  });

  it('writes and reads the rent page URL', () => {
    const url = rentProductUrl(12, product, { startD: '2026-12-14', endD: '', hourly: true, startH: '9', endH: '11' })!;
    expect(url).toBe('/auth/rent-product/12?startD=2026-12-14&endD=2026-12-14&startH=09&endH=11');
    expect(pickFromSearch(new URL(url, 'http://x').searchParams, product)).toEqual({
      startD: '2026-12-14',
      endD: '2026-12-14',
      hourly: true,
      startH: '9',
      endH: '11',
    });
    expect(pickFromSearch(new URLSearchParams('startD=2026-12-14&endD=2026-12-10'), product)).toEqual({
      ...EMPTY_PICK,
      startD: '2026-12-14',
    });
    expect(pickFromSearch(new URLSearchParams('startD=14.12.2026'), product)).toEqual(EMPTY_PICK);
  });
});

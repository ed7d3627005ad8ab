import { DateTime } from 'luxon';
import { TALLINN_RULE_YEARS } from '../domain/tallinn-offset';
import {
  addTallinnDays,
  ageFromIsikukood,
  hoursBetween,
  inTallinn,
  standardVatRate,
  standardVatRateBp,
  tallinnDateParts,
  tallinnDaysBetween,
  tallinnIsoDate,
  tallinnLocalToEpoch,
  tallinnLocalExists,
  tallinnWeekday,
  toEpoch,
  tallinnDayNumber,
  isoDateOfDayNumber,
  weekdayIndexOfDayNumber,
  tallinnSecondOfDay,
  tallinnMillisOfDay,
  formatTallinn,
  formatTallinnShort,
} from './index';

const iso = (ms: number) => new Date(ms).toISOString();

describe('Tallinn wall-clock time', () => {
  it('reads the parts of an instant in Tallinn, whatever the machine zone is', () => {
    expect(tallinnDateParts(Date.UTC(2025, 0, 15, 22, 30))).toEqual({ year: 2025, month: 1, day: 16, hour: 0, minute: 30, second: 0 });
    expect(tallinnDateParts(new Date('2025-07-15T21:00:00Z'))).toEqual({ year: 2025, month: 7, day: 16, hour: 0, minute: 0, second: 0 });
  });

  it('reads a string without an offset as Tallinn time and one with an offset as that instant', () => {
    expect(iso(toEpoch('2025-01-15T10:00'))).toBe('2025-01-15T08:00:00.000Z');
    expect(iso(toEpoch('2025-01-15T10:00:00Z'))).toBe('2025-01-15T10:00:00.000Z');
    expect(iso(toEpoch('2025-01-15T10:00:00+05:00'))).toBe('2025-01-15T05:00:00.000Z');
    expect(() => toEpoch('eile')).toThrow(RangeError);
  });

  it("reads every instant's parts as the tz database does, across summer time's changes, in the rule's years and either side", () => {
    const { from: FIRST_YEAR, to: LAST_YEAR } = TALLINN_RULE_YEARS;
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Tallinn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const byIntl = (t: number) => {
      const parts: Record<string, number> = {};
      for (const p of intl.formatToParts(t)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
      return parts;
    };
    const text = (p: Record<string, number>) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    const instants: number[] = [];
    for (let t = Date.UTC(FIRST_YEAR - 1, 11, 31); t < Date.UTC(LAST_YEAR + 1, 0, 2); t += 5 * 3_600_000 + 17 * 60_000 + 13_000)
      instants.push(t);
    // Around each change (the last Sundays of March and October, 01:00 UTC): the hour itself.
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      for (const month of [2, 9]) {
        for (let day = 24; day <= 31; day++) {
          for (const hour of [0, 1, 2, 21, 22]) {
            const at = Date.UTC(year, month, day, hour);
            instants.push(at - 1, at, at + 1);
          }
        }
      }
    }
    const differing = instants.filter((t) => text({ ...tallinnDateParts(t) }) !== text(byIntl(t))).map(iso);
    expect(differing).toEqual([]);
    // No date past the largest instant a Date holds: refused, as Intl always did.
    expect(() => tallinnDateParts(1e16)).toThrow(RangeError);
    expect(() => tallinnIsoDate(-8.64e15 - 1)).toThrow(RangeError);
  });

  it('names the Tallinn date and weekday, which differ from UTC around midnight', () => {
    // Sunday 23:30 UTC is already Monday 02:30 in winter Tallinn.
    expect(tallinnIsoDate(Date.UTC(2025, 0, 5, 23, 30))).toBe('2025-01-06');
    expect(tallinnWeekday(Date.UTC(2025, 0, 5, 23, 30))).toBe('MONDAY');
    expect(tallinnWeekday('2025-01-05T12:00')).toBe('SUNDAY');
    expect(tallinnWeekday('2025-03-30T03:30')).toBe('SUNDAY');
  });

  it('keeps the wall-clock hour when adding days over a DST change (23 and 25 hour days)', () => {
    const spring = addTallinnDays('2025-03-29T10:00', 1);
    expect(iso(spring)).toBe('2025-03-30T07:00:00.000Z');
    expect(hoursBetween('2025-03-29T10:00', spring)).toBe(23);
    const autumn = addTallinnDays('2025-10-25T10:00', 1);
    expect(iso(autumn)).toBe('2025-10-26T08:00:00.000Z');
    expect(hoursBetween('2025-10-25T10:00', autumn)).toBe(25);
  });

  it('counts calendar days, not 24-hour blocks, across DST changes', () => {
    expect(tallinnDaysBetween('2025-03-29T10:00', '2025-03-31T10:00')).toBe(2);
    expect(tallinnDaysBetween('2025-10-25T10:00', '2025-10-27T10:00')).toBe(2);
    expect(hoursBetween('2025-10-25T10:00', '2025-10-27T10:00')).toBe(49);
  });
});

describe('Tallinn day numbers and time of day', () => {
  it('numbers Tallinn calendar dates so a 23- or 25-hour day is still one day', () => {
    expect(tallinnDayNumber('2025-03-31T08:00') - tallinnDayNumber('2025-03-29T08:00')).toBe(2);
    expect(tallinnDayNumber('2025-10-27T00:30') - tallinnDayNumber('2025-10-25T23:30')).toBe(2);
    // 21:30 UTC on 30 June is already 1 July in Tallinn.
    expect(isoDateOfDayNumber(tallinnDayNumber(Date.UTC(2025, 5, 30, 21, 30)))).toBe('2025-07-01');
    expect(isoDateOfDayNumber(0)).toBe('1970-01-01');
  });

  it('numbers weekdays like Date#getDay (Sunday 0) on the Tallinn date', () => {
    expect(weekdayIndexOfDayNumber(0)).toBe(4);
    expect(weekdayIndexOfDayNumber(tallinnDayNumber('2025-06-01T12:00'))).toBe(0);
    expect(weekdayIndexOfDayNumber(tallinnDayNumber(Date.UTC(2025, 5, 6, 21, 30)))).toBe(6);
    expect(weekdayIndexOfDayNumber(-1)).toBe(3);
  });

  it('reads the wall-clock time of day, not the time elapsed since midnight, on DST days', () => {
    expect(tallinnSecondOfDay('2025-03-30T05:00')).toBe(5 * 3600);
    expect(tallinnSecondOfDay('2025-10-26T05:00:30')).toBe(5 * 3600 + 30);
    expect(tallinnMillisOfDay(tallinnLocalToEpoch('2025-10-26T05:00') + 1)).toBe(5 * 3_600_000 + 1);
  });

  it('formats a time for people on the Tallinn wall clock', () => {
    expect(formatTallinn(Date.UTC(2025, 9, 26, 0, 30))).toBe('26.10.2025 03:30');
    expect(formatTallinn(new Date(Date.UTC(2025, 9, 26, 1, 30)))).toBe('26.10.2025 03:30');
  });

  // Issue 25 / ADR 0026: the spec's DD.MM HH:mm on screens, the year only when it is not this one.
  it('shows DD.MM HH:mm within the current Tallinn year and keeps the year otherwise', () => {
    const now = Date.UTC(2025, 5, 2, 9, 0);
    expect(formatTallinnShort(Date.UTC(2025, 9, 26, 0, 30), now)).toBe('26.10 03:30');
    expect(formatTallinnShort('2025-01-01T00:00:00+02:00', now)).toBe('01.01 00:00');
    expect(formatTallinnShort(Date.UTC(2024, 11, 31, 21, 59), now)).toBe('31.12.2024 23:59');
    expect(formatTallinnShort(Date.UTC(2026, 0, 3, 8, 0), now)).toBe('03.01.2026 10:00');
    // New year's eve in Tallinn is already the new year there, whatever UTC says.
    expect(formatTallinnShort(Date.UTC(2025, 11, 31, 22, 30), Date.UTC(2025, 11, 31, 22, 0))).toBe('01.01 00:30');
  });
});

describe('tallinnLocalToEpoch', () => {
  it('uses +02:00 in winter and +03:00 in summer', () => {
    expect(iso(tallinnLocalToEpoch('2025-01-15T10:00'))).toBe('2025-01-15T08:00:00.000Z');
    expect(iso(tallinnLocalToEpoch('2025-07-15 10:00:30'))).toBe('2025-07-15T07:00:30.000Z');
    expect(iso(tallinnLocalToEpoch('2025-07-15'))).toBe('2025-07-14T21:00:00.000Z');
  });

  it('moves a time the spring jump skips one hour on', () => {
    // 30 March 2025: 03:00 → 04:00, so 03:30 does not exist and means 04:30 (+03:00).
    expect(iso(tallinnLocalToEpoch('2025-03-30T03:30'))).toBe('2025-03-30T01:30:00.000Z');
    expect(iso(tallinnLocalToEpoch('2025-03-30T02:59'))).toBe('2025-03-30T00:59:00.000Z');
    expect(iso(tallinnLocalToEpoch('2025-03-30T04:00'))).toBe('2025-03-30T01:00:00.000Z');
  });

  it('takes the first (summer-time) occurrence of an hour the autumn change repeats', () => {
    // 26 October 2025: 04:00 → 03:00, so 03:30 happens twice; the first is at +03:00.
    expect(iso(tallinnLocalToEpoch('2025-10-26T03:30'))).toBe('2025-10-26T00:30:00.000Z');
    expect(iso(tallinnLocalToEpoch('2025-10-26T04:00'))).toBe('2025-10-26T02:00:00.000Z');
    expect(inTallinn(Date.UTC(2025, 9, 26, 1, 30)).toFormat('HH:mm ZZ')).toBe('03:30 +02:00');
  });

  it('rejects malformed input', () => {
    expect(() => tallinnLocalToEpoch('30.03.2025')).toThrow(RangeError);
    expect(() => tallinnLocalToEpoch('2025-02-30')).toThrow(RangeError);
    expect(() => tallinnLocalToEpoch('2025-01-15T10:00Z')).toThrow(RangeError);
  });
});

describe('tallinnLocalExists', () => {
  it('knows the times the spring jump skips: 28 March 2027, 03:00 → 04:00', () => {
    for (const time of ['00:00', '02:00', '02:59', '04:00', '04:30', '23:59'])
      expect({ time, exists: tallinnLocalExists(`2027-03-28T${time}`) }).toEqual({ time, exists: true });
    for (const time of ['03:00', '03:30', '03:59', '03:59:59'])
      expect({ time, exists: tallinnLocalExists(`2027-03-28T${time}`) }).toEqual({ time, exists: false });
    expect(tallinnLocalExists('2027-03-28 03:30')).toBe(false);
    expect(tallinnLocalExists('2027-03-28')).toBe(true);
    // The same hour a day earlier and later is an ordinary one.
    expect(tallinnLocalExists('2027-03-27T03:30')).toBe(true);
    expect(tallinnLocalExists('2027-03-29T03:30')).toBe(true);
  });

  it('takes the hour the autumn change repeats as existing: 31 October 2027, 04:00 → 03:00', () => {
    for (const time of ['02:59', '03:00', '03:30', '03:59', '04:00', '04:30'])
      expect({ time, exists: tallinnLocalExists(`2027-10-31T${time}`) }).toEqual({ time, exists: true });
    // Its first occurrence, as tallinnLocalToEpoch reads it.
    expect(iso(tallinnLocalToEpoch('2027-10-31T03:30'))).toBe('2027-10-31T00:30:00.000Z');
  });

  it('refuses malformed input as tallinnLocalToEpoch does', () => {
    expect(() => tallinnLocalExists('2027-02-30T10:00')).toThrow(RangeError);
    expect(() => tallinnLocalExists('2027-03-28T03:30Z')).toThrow(RangeError);
  });
});

describe('rules on the Tallinn calendar', () => {
  it('knows the statutory VAT rate by Tallinn date: 20 % until 2023, 22 % in 2024, 24 % from 1 July 2025', () => {
    expect(standardVatRate('2023-12-31')).toBe(0.2);
    expect(standardVatRate('2024-01-01')).toBe(0.22);
    expect(standardVatRate('2024-06-30')).toBe(0.22);
    expect(standardVatRate('2025-06-30')).toBe(0.22);
    expect(standardVatRate('2025-07-01')).toBe(0.24);
    expect(standardVatRateBp('2026-11-22')).toBe(2400);
    // 30 June 21:30 UTC is already 1 July in Tallinn.
    expect(standardVatRate(new Date('2025-06-30T21:30:00Z'))).toBe(0.24);
    expect(standardVatRate(new Date('2025-06-30T20:30:00Z'))).toBe(0.22);
    expect(standardVatRateBp(Date.parse('2025-06-30T20:59:59Z'))).toBe(2200);
  });

  it('answers each instant by its own date when asked about the same and other instants in turn (the kept last answer)', () => {
    const beforeChange = Date.parse('2025-06-30T20:59:59Z');
    const afterChange = Date.parse('2025-06-30T21:00:00Z');
    expect([beforeChange, beforeChange, afterChange, afterChange, beforeChange].map((ms) => standardVatRateBp(ms))).toEqual([
      2200, 2200, 2400, 2400, 2200,
    ]);
    expect(standardVatRateBp(new Date(afterChange))).toBe(2400);
    expect(standardVatRateBp(new Date(beforeChange))).toBe(2200);
  });

  it('counts whole years of age by the Tallinn calendar', () => {
    // 13 July 2003 21:30 UTC is already 14 July in Tallinn (UTC+3): the birthday has come.
    expect(ageFromIsikukood('38507140211', new Date('2003-07-13T20:00:00Z'))).toBe(17);
    expect(ageFromIsikukood('38507140211', new Date('2003-07-13T21:30:00Z'))).toBe(18);
    expect(ageFromIsikukood('50002290013', new Date('2018-02-28T12:00:00Z'))).toBe(17);
    expect(ageFromIsikukood('50002290013', new Date('2018-03-01T12:00:00Z'))).toBe(18);
    expect(ageFromIsikukood('30313039914')).toBeUndefined();
  });
});

// Issue 28: the wall-clock functions run on Intl (no luxon on the product page); luxon's time zone
// arithmetic, which they replaced, is the reference they must keep agreeing with.
describe('the Intl wall clock agrees with luxon', () => {
  const WALL = "yyyy-MM-dd'T'HH:mm";
  /** What tallinnLocalToEpoch did on luxon: its reading, with the first of two repeated hours. */
  const luxonLocal = (text: string) => {
    const dt = DateTime.fromISO(text, { zone: 'Europe/Tallinn' });
    const hourEarlier = dt.minus({ hours: 1 });
    return (hourEarlier.toFormat(WALL) === dt.toFormat(WALL) ? hourEarlier : dt).toMillis();
  };
  const dstDays = ['2024-03-31', '2024-10-27', '2025-03-30', '2025-10-26', '2026-03-29', '2026-10-25', '2026-07-01', '2026-12-31'];

  it('reads every half hour of DST-change days as luxon did', () => {
    for (const day of dstDays)
      for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
        const text = `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        expect({ text, epoch: tallinnLocalToEpoch(text) }).toEqual({ text, epoch: luxonLocal(text) });
      }
  });

  it('names the Tallinn date, weekday, time of day and text of instants as luxon does', () => {
    const instants: number[] = [];
    for (const day of dstDays) for (let h = -6; h < 30; h += 0.5) instants.push(Date.parse(`${day}T00:00:00Z`) + h * 3_600_000 + 1234);
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) instants.push(t);
    for (const t of instants) {
      const dt = DateTime.fromMillis(t, { zone: 'Europe/Tallinn' });
      expect({ t, parts: tallinnDateParts(t), date: tallinnIsoDate(t), weekday: tallinnWeekday(t) }).toEqual({
        t,
        parts: { year: dt.year, month: dt.month, day: dt.day, hour: dt.hour, minute: dt.minute, second: dt.second },
        date: dt.toISODate(),
        weekday: dt.toFormat('cccc').toUpperCase(),
      });
      expect({ t, ms: tallinnMillisOfDay(t), text: formatTallinn(t), day: isoDateOfDayNumber(tallinnDayNumber(t)) }).toEqual({
        t,
        ms: ((dt.hour * 60 + dt.minute) * 60 + dt.second) * 1000 + dt.millisecond,
        text: dt.toFormat('dd.MM.yyyy HH:mm'),
        day: dt.toISODate(),
      });
    }
  });

  it('reads ISO texts with an offset, a fraction or a space, and refuses what is not a time', () => {
    for (const text of [
      '2025-07-15T10:00:00.123456Z',
      '2025-07-15 10:00:00+00',
      '2025-07-15T10:00+0530',
      '2025-07-15T10:00:00-03:00',
      '2025-07-15T10',
    ])
      expect({ text, epoch: toEpoch(text) }).toEqual({
        text,
        epoch: DateTime.fromISO(text.replace(' ', 'T'), { zone: 'Europe/Tallinn' }).toMillis(),
      });
    for (const text of ['2025-13-01', '2025-02-29T10:00', '2025-07-15T25:00', '2025-07-15T10:61', '15.07.2025', ''])
      expect(() => toEpoch(text)).toThrow(RangeError);
    expect(() => toEpoch(Number.NaN)).toThrow(RangeError);
    expect(() => toEpoch(new Date('eile'))).toThrow(RangeError);
  });
});

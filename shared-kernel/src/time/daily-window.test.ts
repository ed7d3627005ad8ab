import { dailyWindow, hhmmOf, minutesOf, rentsOnWeekday } from './index';

describe('minutesOf', () => {
  it('reads HH:mm as minutes after midnight, with or without a leading zero or spaces', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('8:30')).toBe(510);
    expect(minutesOf(' 18:05 ')).toBe(1085);
  });

  it("reads '24:00' as the end of the day and nothing past it", () => {
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('24:01')).toBeUndefined();
    expect(minutesOf('25:00')).toBeUndefined();
  });

  it('refuses malformed times', () => {
    for (const bad of ['', 'x', '8', '08:60', '08:5', '08:00:00', '-1:00', '123:00', '08.00']) expect(minutesOf(bad)).toBeUndefined();
  });
});

describe('dailyWindow', () => {
  it('is the product window in minutes', () => {
    expect(dailyWindow({ startTs: '08:00', endTs: '18:00' })).toEqual({ open: 480, close: 1080 });
  });

  it("closes at midnight when the window ends at '24:00'", () => {
    expect(dailyWindow({ startTs: '00:00', endTs: '24:00' })).toEqual({ open: 0, close: 1440 });
    expect(dailyWindow({ startTs: '20:00', endTs: '24:00' })).toEqual({ open: 1200, close: 1440 });
  });

  it('is the whole day when the window is missing, malformed, empty or inverted', () => {
    const wholeDay = { open: 0, close: 1440 };
    expect(dailyWindow({ startTs: '', endTs: '' })).toEqual(wholeDay);
    expect(dailyWindow({ startTs: 'x', endTs: '08:00' })).toEqual(wholeDay);
    expect(dailyWindow({ startTs: '08:00', endTs: '25:00' })).toEqual(wholeDay);
    expect(dailyWindow({ startTs: '18:00', endTs: '08:00' })).toEqual(wholeDay);
    expect(dailyWindow({ startTs: '10:00', endTs: '10:00' })).toEqual(wholeDay);
  });
});

describe('hhmmOf', () => {
  it('writes minutes as zero-padded HH:mm, 1440 as 24:00', () => {
    expect(hhmmOf(0)).toBe('00:00');
    expect(hhmmOf(545)).toBe('09:05');
    expect(hhmmOf(1440)).toBe('24:00');
    expect(minutesOf(hhmmOf(1085))).toBe(1085);
  });
});

describe('rentsOnWeekday', () => {
  it('rents on the listed weekdays only', () => {
    expect(rentsOnWeekday(['MONDAY', 'FRIDAY'], 'FRIDAY')).toBe(true);
    expect(rentsOnWeekday(['MONDAY', 'FRIDAY'], 'SATURDAY')).toBe(false);
  });

  it('rents every day when no rent days are listed', () => {
    expect(rentsOnWeekday([], 'SUNDAY')).toBe(true);
  });
});

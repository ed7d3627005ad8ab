import { MarkerQuery, ProductSearchQuery, skippedTimeMessage } from './index';

const SKIPPED_0330 = 'Kellaaega 03:30 ei ole 28.03.2027 Eesti ajas (kellad keeratakse sel ööl tund edasi). Vali teine kellaaeg.';

describe('skippedTimeMessage', () => {
  it('names the time and date the spring DST night skips (28 March 2027, 03:00 → 04:00)', () => {
    expect(skippedTimeMessage('2027-03-28T03:30')).toBe(SKIPPED_0330);
    expect(skippedTimeMessage('2027-03-28T03:00')).toContain('Kellaaega 03:00 ei ole 28.03.2027');
    for (const local of ['2027-03-28T02:59', '2027-03-28T04:00', '2027-03-27T03:30', '2027-03-28'])
      expect({ local, message: skippedTimeMessage(local) }).toEqual({ local, message: undefined });
  });

  it('lets the hour the autumn change repeats be (31 October 2027), and leaves non-times to the format check', () => {
    expect(skippedTimeMessage('2027-10-31T03:30')).toBeUndefined();
    expect(skippedTimeMessage('2027-02-30T03:30')).toBeUndefined();
    expect(skippedTimeMessage('eile')).toBeUndefined();
  });
});

describe('the search period refuses a skipped time by its field', () => {
  it.each([
    ['list', (q: Record<string, string>) => ProductSearchQuery.safeParse(q)],
    ['map', (q: Record<string, string>) => MarkerQuery.safeParse({ minLat: '58', minLon: '26', maxLat: '59', maxLon: '27', ...q })],
  ])('%s', (_, parse) => {
    const refused = parse({ from: '2027-03-28T03:30', to: '2027-03-28T05:00' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['from', SKIPPED_0330]]);
    expect(parse({ from: '2027-03-28T02:00', to: '2027-03-28T04:00' }).success).toBe(true);
    expect(parse({ from: '2027-10-31T03:30', to: '2027-10-31T04:30' }).success).toBe(true);
  });
});

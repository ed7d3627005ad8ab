import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  acceptableUrl,
  downloadFeed,
  FEED_MAX_PERIODS,
  FeedError,
  isPublicAddress,
  namesInside,
  parseFeed,
} from '../src/services/calendars/feed';
import { escapeText, foldLine } from '../src/lib/ical';

// Issue 32: reading outside calendars safely (no requests to the inside in production, a deadline,
// a size cap) and reading them right (zones, all-day events, repeats, cancellations).

const now = new Date('2025-06-02T09:00:00Z');
const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//T//T//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${lines.join('|').length}-${Math.random()}`,
  'DTSTAMP:20250601T000000Z',
  ...lines,
  'END:VEVENT',
];
const iso = (periods: { start: Date; end: Date }[]) => periods.map((p) => [p.start.toISOString(), p.end.toISOString()]);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof FeedError ? error.code : `other: ${String(error)}`;
  }
}

describe('where a calendar may be read from', () => {
  it('knows the public internet from loopback, private, link-local, CGNAT and multicast addresses', () => {
    for (const address of [
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '2002:808:808::1',
      '2a00:1450::1',
    ])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      // The same addresses as URL parsing writes them, and the other IPv6 forms that carry an IPv4.
      '::ffff:a9fe:a9fe',
      '::ffff:7f00:1',
      '::ffff:a00:1',
      '0:0:0:0:0:ffff:c0a8:101',
      '::a9fe:a9fe',
      '::127.0.0.1',
      '2002:a9fe:a9fe::1',
      '2002:7f00:1::',
      'not-an-ip',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it('tells an address naming the inside by itself, so adding it can be refused', () => {
    for (const address of [
      'https://10.0.0.1/a.ics',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/a.ics',
      'https://192.168.1.5/a.ics',
      'https://[::ffff:169.254.169.254]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[2002:a9fe:a9fe::]/x',
    ])
      for (const sandbox of [false, true])
        expect({ address, sandbox, inside: namesInside(new URL(address), sandbox) }).toEqual({ address, sandbox, inside: true });
    for (const address of [
      'https://localhost/a.ics',
      'https://127.0.0.1/a.ics',
      'https://[::1]/a.ics',
      'https://cal.localhost/a.ics',
      'https://localhost./a.ics',
      'https://[::ffff:127.0.0.1]/x',
    ]) {
      expect({ address, inside: namesInside(new URL(address), false) }).toEqual({ address, inside: true });
      expect({ address, inside: namesInside(new URL(address), true) }).toEqual({ address, inside: false });
    }
    for (const address of ['https://calendar.google.com/x.ics', 'https://93.184.216.34/a.ics', 'https://10.example.com/a.ics'])
      expect({ address, inside: namesInside(new URL(address), false) }).toEqual({ address, inside: false });
  });

  it('takes https; plain http only to this machine and only with local feeds allowed', () => {
    expect(acceptableUrl('https://calendar.google.com/x/basic.ics', false)?.hostname).toBe('calendar.google.com');
    expect(acceptableUrl('http://calendar.google.com/x.ics', false)).toBeNull();
    expect(acceptableUrl('http://calendar.google.com/x.ics', true)).toBeNull();
    expect(acceptableUrl('http://127.0.0.1:4700/x.ics', false)).toBeNull();
    expect(acceptableUrl('http://127.0.0.1:4700/x.ics', true)?.port).toBe('4700');
    expect(acceptableUrl('https://a:b@example.com/x.ics', false)).toBeNull();
    expect(acceptableUrl('webcal://example.com/x.ics', false)?.toString()).toBe('https://example.com/x.ics');
    expect(acceptableUrl('ftp://example.com/x.ics', true)).toBeNull();
  });

  describe('against a local server', () => {
    let server: http.Server;
    let base: string;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        if (request.url === '/slow') return;
        if (request.url === '/redirect') return void response.writeHead(302, { location: '/ok' }).end();
        if (request.url === '/huge') {
          response.writeHead(200);
          // Streamed without a length: the cap counts what arrives.
          for (let i = 0; i < 40; i++) response.write(Buffer.alloc(64 * 1024, 'A'));
          return void response.end();
        }
        response.writeHead(200, { 'content-type': 'text/calendar' }).end(cal());
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('refuses this machine unless local feeds are allowed, also by name; follows a redirect', async () => {
      expect(await codeOf(downloadFeed(`${base}/ok`, { allowLocal: false }))).toBe('ADDRESS_REFUSED');
      expect(await codeOf(downloadFeed(`https://127.0.0.1:1/ok`, { allowLocal: false }))).toBe('ADDRESS_REFUSED');
      expect(await codeOf(downloadFeed(`https://localhost:1/ok`, { allowLocal: false }))).toBe('ADDRESS_REFUSED');
      expect(await codeOf(downloadFeed(`https://[::1]:1/ok`, { allowLocal: false }))).toBe('ADDRESS_REFUSED');
      // This machine written as an IPv4-mapped IPv6 address (URL parsing turns it into hex groups).
      const port = new URL(base).port;
      expect(await codeOf(downloadFeed(`http://[::ffff:127.0.0.1]:${port}/ok`, { allowLocal: false }))).toBe('ADDRESS_REFUSED');
      expect(await codeOf(downloadFeed(`https://[::ffff:7f00:1]:${port}/ok`, { allowLocal: false }))).toBe('ADDRESS_REFUSED');
      expect(await codeOf(downloadFeed(`${base}/redirect`, { allowLocal: true }))).toBe('OK');
    });

    it('gives up at the deadline and at the size cap', async () => {
      const started = Date.now();
      expect(await codeOf(downloadFeed(`${base}/slow`, { allowLocal: true, timeoutMs: 300 }))).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await codeOf(downloadFeed(`${base}/huge`, { allowLocal: true, maxBytes: 1024 * 1024 }))).toBe('TOO_LARGE');
      expect(await codeOf(downloadFeed(`${base}/huge`, { allowLocal: true, maxBytes: 4 * 1024 * 1024 }))).toBe('OK');
    });
  });
});

describe('what a calendar holds', () => {
  it('reads zoned times by their zone across a DST change, floating times and dates in Tallinn', () => {
    const { periods, honouredUntil } = parseFeed(
      cal(
        ...event('DTSTART;TZID=Europe/Tallinn:20251025T100000', 'DTEND;TZID=Europe/Tallinn:20251027T100000'),
        ...event('DTSTART;TZID=Europe/Helsinki:20260328T100000', 'DTEND;TZID=Europe/Helsinki:20260330T100000'),
        ...event('DTSTART:20250710T100000', 'DTEND:20250710T120000'),
        ...event('DTSTART;VALUE=DATE:20251026'),
        ...event('DTSTART;TZID=Nowhere/Made-up:20250711T100000', 'DURATION:PT2H'),
      ),
      now,
    );
    expect(iso(periods)).toEqual([
      ['2025-07-10T07:00:00.000Z', '2025-07-10T09:00:00.000Z'],
      ['2025-07-11T07:00:00.000Z', '2025-07-11T09:00:00.000Z'],
      ['2025-10-25T07:00:00.000Z', '2025-10-27T08:00:00.000Z'],
      ['2025-10-25T21:00:00.000Z', '2025-10-26T22:00:00.000Z'],
      ['2026-03-28T08:00:00.000Z', '2026-03-30T07:00:00.000Z'],
    ]);
    expect(honouredUntil).toBeNull();
  });

  it('expands repeats (with their exceptions) up to the horizon, and drops what is over, cancelled or free', () => {
    const { periods, honouredUntil } = parseFeed(
      cal(
        'BEGIN:VEVENT',
        'UID:weekly@t',
        'DTSTAMP:20250601T000000Z',
        'DTSTART:20250602T060000Z',
        'DTEND:20250602T100000Z',
        'RRULE:FREQ=WEEKLY;COUNT=4',
        'EXDATE:20250609T060000Z',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:weekly@t',
        'DTSTAMP:20250601T000000Z',
        'RECURRENCE-ID:20250616T060000Z',
        'DTSTART:20250616T100000Z',
        'DTEND:20250616T110000Z',
        'END:VEVENT',
        ...event('DTSTART:20250101T060000Z', 'DTEND:20250102T060000Z'),
        ...event('DTSTART:20250801T060000Z', 'DTEND:20250802T060000Z', 'STATUS:CANCELLED'),
        ...event('DTSTART:20250801T060000Z', 'DTEND:20250802T060000Z', 'TRANSP:TRANSPARENT'),
        ...event('DTSTART:20250701T060000Z', 'RRULE:FREQ=DAILY', 'DURATION:PT1H'),
      ),
      now,
    );
    expect(iso(periods).slice(0, 4)).toEqual([
      // Under way at 09:00 UTC: still held.
      ['2025-06-02T06:00:00.000Z', '2025-06-02T10:00:00.000Z'],
      ['2025-06-16T10:00:00.000Z', '2025-06-16T11:00:00.000Z'],
      ['2025-06-23T06:00:00.000Z', '2025-06-23T10:00:00.000Z'],
      ['2025-07-01T06:00:00.000Z', '2025-07-01T07:00:00.000Z'],
    ]);
    // The endless daily repeat stops at the horizon (about two years).
    expect(periods.length).toBeGreaterThan(700);
    expect(periods.length).toBeLessThan(820);
    expect(honouredUntil).toBeNull();
  });

  it('keeps the soonest periods of a calendar with too many, and says from when on none is kept', () => {
    // 2,100 one-hour events every two hours from 1 July, written in no order.
    const first = Date.parse('2025-07-01T00:00:00Z');
    const at = (i: number) => new Date(first + i * 2 * 3_600_000).toISOString().replace(/[-:]|\.000/g, '');
    const order = Array.from({ length: FEED_MAX_PERIODS + 100 }, (_, i) => (i * 7919) % (FEED_MAX_PERIODS + 100));
    const many = cal(...order.flatMap((i) => event(`DTSTART:${at(i)}`, `DURATION:PT1H`)));
    const { periods, honouredUntil } = parseFeed(many, now);
    expect(periods).toHaveLength(FEED_MAX_PERIODS);
    expect(periods[0].start.toISOString()).toBe('2025-07-01T00:00:00.000Z');
    // The 2,001st event starts 4,000 hours after the first: it and all later ones are left out.
    expect(honouredUntil?.toISOString()).toBe(new Date(first + FEED_MAX_PERIODS * 2 * 3_600_000).toISOString());
    expect(periods.every((p) => p.start.getTime() < honouredUntil!.getTime())).toBe(true);
    // Events starting at the same instant as the first left out are left out with it, never half.
    const tied = parseFeed(
      cal(...order.flatMap((i) => event(`DTSTART:${at(i)}`, `DURATION:PT1H`)), ...event(`DTSTART:${at(1999)}`, 'DURATION:PT3H')),
      now,
    );
    expect(tied.honouredUntil?.toISOString()).toBe(new Date(first + 1999 * 2 * 3_600_000).toISOString());
    expect(tied.periods).toHaveLength(FEED_MAX_PERIODS - 1);
    // Exactly the most kept is the whole calendar.
    expect(
      parseFeed(cal(...order.filter((i) => i < FEED_MAX_PERIODS).flatMap((i) => event(`DTSTART:${at(i)}`, 'DURATION:PT1H'))), now),
    ).toMatchObject({
      honouredUntil: null,
    });
  });

  it('says from when on a series too long to walk is not kept, rather than dropping it unsaid', () => {
    // Every hour since 2024: its walk stops long before today, so nothing of it can be vouched for.
    const { periods, honouredUntil } = parseFeed(
      cal(
        ...event('DTSTART:20240101T000000Z', 'DURATION:PT30M', 'RRULE:FREQ=HOURLY'),
        ...event('DTSTART:20250710T100000Z', 'DTEND:20250710T120000Z'),
      ),
      now,
    );
    expect(honouredUntil!.getTime()).toBeLessThan(now.getTime());
    expect(iso(periods)).toEqual([]);
  });

  it('calls anything that is not an iCalendar NOT_CALENDAR', () => {
    for (const text of ['', '<html></html>', '{"events":[]}', 'BEGIN:VCARD\r\nEND:VCARD', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT']) {
      let code = 'OK';
      try {
        parseFeed(text, now);
      } catch (error) {
        code = (error as FeedError).code;
      }
      expect({ text, code }).toEqual({ text, code: 'NOT_CALENDAR' });
    }
  });
});

describe('writing iCalendar', () => {
  it('escapes text and folds at 75 octets without cutting a letter', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'õ'.repeat(100)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i === 0 ? l : l.slice(1)))
        .join(''),
    ).toBe(`SUMMARY:${'õ'.repeat(100)}`);
  });
});

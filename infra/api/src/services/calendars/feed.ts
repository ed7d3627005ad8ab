import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ICAL from 'ical.js';
import { CALENDAR_EVENTS_MAX, type CalendarFeedError } from 'shared-kernel/schemas';
import { addTallinnDays, inTallinn } from 'shared-kernel/time';
import type { BlockedPeriod } from '../../repositories/calendar-repository';

/** Largest calendar read; a bigger answer is refused, not cut (a cut calendar would free time). */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/**
 * The most periods one calendar may hold; more (a runaway RRULE, years of a busy channel) keeps the
 * soonest, and the read says up to when (`honouredUntil`, TOO_MANY_EVENTS) so the owner knows.
 */
export const FEED_MAX_PERIODS = CALENDAR_EVENTS_MAX;
/** The most repeats of one series walked (past ones count): bounds the work of an endless RRULE. */
const SERIES_MAX_STEPS = FEED_MAX_PERIODS * 2;
/** How far ahead periods are kept: as far as any booking can be made, and some. */
const HORIZON_DAYS = 800;

export class FeedError extends Error {
  constructor(readonly code: CalendarFeedError) {
    super(code);
  }
}

export interface FeedOptions {
  /** config.allowLocalCalendarFeeds: plain http and addresses on this machine or a private network (tests' fake feeds). */
  allowLocal: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** An address never to ask, checked on every hop: a redirect may lead where the typed address may not (Rendime's own calendar files). */
  refused?: (url: URL) => Promise<boolean>;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const groups = tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : null;
}

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-mapped (`::ffff:a.b.c.d`, which URL
 * parsing writes as `::ffff:a9fe:a9fe`), IPv4-compatible (`::a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`).
 */
function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7] > 1)))) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return null;
}

/** Whether an address is on the public internet: loopback, private, link-local, CGNAT, multicast and the like are not. */
export function isPublicAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : embeddedIPv4(address);
  if (v4) {
    const [a, b] = v4.split('.').map(Number);
    if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    if (a === 192 && b === 0) return false;
    if (a === 198 && (b === 18 || b === 19)) return false;
    return true;
  }
  if (!net.isIPv6(address)) return false;
  const lower = address.toLowerCase();
  if (lower === '::' || lower === '::1') return false;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast, 64:ff9b:: NAT64 of anything.
  if (/^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff') || lower.startsWith('64:ff9b:')) return false;
  return true;
}

/** Whether the address may be followed at all: https, or with local feeds allowed also http to this machine. */
export function acceptableUrl(value: string, allowLocal: boolean): URL | null {
  // Calendar apps hand out webcal:// addresses; it is https underneath.
  const address = value.replace(/^webcal:\/\//i, 'https://');
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  // Plain http only to this machine, and only when local feeds are allowed (a test's fake feed).
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password) return null;
  return url;
}

/**
 * Whether an owner's new address names the inside by itself (a literal private or loopback address,
 * or `localhost`), so adding it is refused with a clear message instead of saved and then failing
 * at every read. A name that resolves to the inside is only known at the read, which refuses it.
 */
export function namesInside(url: URL, allowLocal: boolean): boolean {
  // `localhost.` is `localhost`: a trailing dot only makes a name absolute.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const v4 = net.isIPv4(host) ? host : embeddedIPv4(host);
  const loopback = host === 'localhost' || host.endsWith('.localhost') || host === '::1' || (v4 !== null && v4.startsWith('127.'));
  // The tests' fake feeds listen on this machine; nothing else inside is ever a calendar.
  if (loopback) return !allowLocal;
  return net.isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * The name look-up of each connection refuses a non-public address, so a name that resolves to
 * the inside (or changes its answer between two look-ups) never gets a connection.
 */
function guardedLookup(allowLocal: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !allowLocal && !isPublicAddress(a.address));
      if (refused || list.length === 0) return callback(new FeedError('ADDRESS_REFUSED') as NodeJS.ErrnoException, '', 0);
      if ((options as dns.LookupAllOptions).all) return callback(null, list as never);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function fetchOnce(url: URL, options: Required<FeedOptions>, deadline: number): Promise<{ redirect?: string; body?: string }> {
  return new Promise((resolve, reject) => {
    // A literal IP skips the look-up: judge it here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !options.allowLocal && !isPublicAddress(host)) return reject(new FeedError('ADDRESS_REFUSED'));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: guardedLookup(options.allowLocal),
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Rendime-Calendar/1.0' },
        timeout: Math.max(1, deadline - Date.now()),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(new FeedError('HTTP_STATUS'));
        }
        if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
          response.destroy();
          return reject(new FeedError('TOO_LARGE'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new FeedError('TOO_LARGE'));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => reject(new FeedError('FETCH_FAILED')));
      },
    );
    const timer = setTimeout(() => request.destroy(new FeedError('TIMEOUT')), Math.max(1, deadline - Date.now()));
    request.on('timeout', () => request.destroy(new FeedError('TIMEOUT')));
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) => reject(error instanceof FeedError ? error : new FeedError('FETCH_FAILED')));
  });
}

/** Downloads a calendar: https (http to a test's local feed), at most a few redirects, a size cap and one deadline. */
export async function downloadFeed(address: string, feedOptions: FeedOptions): Promise<string> {
  const options: Required<FeedOptions> = {
    allowLocal: feedOptions.allowLocal,
    timeoutMs: feedOptions.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: feedOptions.maxBytes ?? FEED_MAX_BYTES,
    refused: feedOptions.refused ?? (async () => false),
  };
  const deadline = Date.now() + options.timeoutMs;
  let url = acceptableUrl(address, options.allowLocal);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!url || (await options.refused(url))) throw new FeedError('ADDRESS_REFUSED');
    const answer = await fetchOnce(url, options, deadline);
    if (answer.body !== undefined) return answer.body;
    url = acceptableUrl(new URL(answer.redirect!, url).toString(), options.allowLocal);
  }
  throw new FeedError('FETCH_FAILED');
}

/** An ical.js time as an instant: UTC as given, a known zone by its rules, floating times and dates in Tallinn. */
function instantOf(time: ICAL.Time): number {
  const fields = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (!time.isDate && time.zone?.tzid === 'UTC')
    return Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  const named =
    (time as unknown as { timezone?: string }).timezone ?? (time.zone && time.zone.tzid !== 'floating' ? time.zone.tzid : undefined);
  const zoned = !time.isDate && named ? inTallinn(0).setZone(named) : undefined;
  return (zoned?.isValid ? zoned : inTallinn(0)).set(fields).toMillis();
}

/** What one read of a calendar holds. */
export interface FeedPeriods {
  /** The busy periods from now to the horizon, by start, at most FEED_MAX_PERIODS. */
  periods: BlockedPeriod[];
  /**
   * Null when `periods` is all the calendar holds. Otherwise it holds more than is kept: only its
   * periods starting before this instant are in `periods`, none from it on (TOO_MANY_EVENTS).
   */
  honouredUntil: Date | null;
}

/**
 * The periods a calendar holds from `now` to the horizon: every busy event, each occurrence of a
 * recurring one. Cancelled and free (TRANSP:TRANSPARENT) events hold nothing. Anything that is not
 * an iCalendar is NOT_CALENDAR. More than FEED_MAX_PERIODS keeps the soonest and says from when on
 * nothing is kept, never a silent cut (a cut calendar frees time the owner thinks is taken).
 */
export function parseFeed(text: string, now: Date): FeedPeriods {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new FeedError('NOT_CALENDAR');
  }
  if (root.name !== 'vcalendar') throw new FeedError('NOT_CALENDAR');
  const from = now.getTime();
  const until = from + HORIZON_DAYS * 86_400_000;
  const periods: BlockedPeriod[] = [];
  // From this instant on the calendar was not read whole (a series walked to its step cap).
  let cutoff = Infinity;
  const add = (start: ICAL.Time, end: ICAL.Time | null) => {
    const startMs = instantOf(start);
    let endMs = end ? instantOf(end) : startMs;
    // An all-day event without an end is that one day (RFC 5545 3.6.1).
    if (endMs <= startMs && start.isDate) endMs = addTallinnDays(startMs, 1);
    if (endMs > startMs && endMs > from && startMs < until) periods.push({ start: new Date(startMs), end: new Date(endMs) });
  };
  try {
    for (const component of root.getAllSubcomponents('vevent')) {
      if (component.hasProperty('recurrence-id')) continue; // taken in by its series
      const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
      const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
      if (status === 'CANCELLED' || transp === 'TRANSPARENT') continue;
      const event = new ICAL.Event(component);
      if (!event.startDate) continue;
      if (!event.isRecurring()) {
        add(event.startDate, event.endDate);
        continue;
      }
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next; n++, next = iterator.next()) {
        const at = instantOf(next);
        if (at >= until) break;
        if (n === SERIES_MAX_STEPS) {
          cutoff = Math.min(cutoff, at);
          break;
        }
        const details = event.getOccurrenceDetails(next);
        const item = details.item.component;
        if (String(item.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
        add(details.startDate, details.endDate);
      }
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError('NOT_CALENDAR');
  }
  periods.sort((a, b) => a.start.getTime() - b.start.getTime());
  if (periods.length > FEED_MAX_PERIODS) cutoff = Math.min(cutoff, periods[FEED_MAX_PERIODS].start.getTime());
  if (cutoff === Infinity) return { periods, honouredUntil: null };
  // Everything from the cutoff on is left out, ties included, so "before this instant" is exact.
  return { periods: periods.filter((p) => p.start.getTime() < cutoff), honouredUntil: new Date(cutoff) };
}

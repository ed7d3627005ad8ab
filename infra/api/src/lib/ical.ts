/**
 * Writing iCalendar (RFC 5545) by hand: the export needs a handful of properties, and the rules
 * that calendar apps are strict about live here. Times are UTC (`…Z`), so no VTIMEZONE is needed
 * and a DST change in Tallinn moves nothing; each app shows them in its own zone.
 */

export interface CalendarEvent {
  /** Stable across downloads, so a calendar app updates an event instead of adding a copy. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  status: 'CONFIRMED' | 'TENTATIVE';
  lastModified: Date;
}

/** RFC 5545 3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** `YYYYMMDDTHHMMSSZ` (RFC 5545 3.3.5, form 2: UTC). */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * RFC 5545 3.1: a content line longer than 75 octets goes on in lines that start with a space.
 * Octets, not characters: an Estonian letter is two in UTF-8 and is never cut in half.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; a continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function writeCalendar(input: { name: string; events: readonly CalendarEvent[]; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rendime//Broneeringud//ET',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    'X-WR-TIMEZONE:Europe/Tallinn',
    // Apple Calendar and Outlook read how often to ask again; Google decides itself.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = utcStamp(input.now);
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `STATUS:${event.status}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

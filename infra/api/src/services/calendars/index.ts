import type { FastifyBaseLogger } from 'fastify';
import { reservationStatusLabel } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages/server';
import { writeCalendar, type CalendarEvent } from '../../lib/ical';
import { randomToken, sha256 } from '../../lib/tokens';
import type { CalendarImportRow, CalendarRepository, LinkScope } from '../../repositories/calendar-repository';
import { downloadFeed, FeedError, parseFeed } from './feed';

/** How far back the exported calendar reaches: recent rentals stay visible, old ones drop off. */
const EXPORT_PAST_DAYS = 90;
/** Statuses still waiting for the owner or the bank: shown as tentative in calendar apps. */
const TENTATIVE = new Set(['REQUESTED', 'PENDING_PAYMENT']);

export interface CalendarServiceOptions {
  /** Where the browser (and a calendar app) reaches the API, e.g. https://rendime.ee/api. */
  apiPublicUrl: string;
  /** config.allowLocalCalendarFeeds: plain http and local addresses may be followed (the tests' fake feeds only). */
  allowLocalFeeds: boolean;
  feedTimeoutMs?: number;
}

/**
 * Issue 32 (docs/adr/0046-calendar-export-and-import.md): the owner's private calendar files and
 * the outside calendars that block a product's time.
 */
export class CalendarService {
  constructor(
    private readonly repo: CalendarRepository,
    private readonly options: CalendarServiceOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A new private URL for the scope (256 random bits); the previous one stops answering. */
  async newLink(scope: LinkScope, now: Date): Promise<{ url: string; createdTs: Date }> {
    const token = randomToken(32);
    await this.repo.replaceLink(scope, sha256(token), now);
    return { url: `${this.options.apiPublicUrl.replace(/\/$/, '')}/calendars/${token}.ics`, createdTs: now };
  }

  /**
   * Whether an address is one of Rendime's own calendar files (any host: the API's public name, a
   * proxy, loopback). Following it would read this API from inside its own request, which the
   * embedded database cannot serve (one connection) and which never blocks anything new anyway.
   */
  async isOwnCalendar(url: URL): Promise<boolean> {
    const token = /\/calendars\/([A-Za-z0-9_-]{16,})\.ics$/i.exec(url.pathname)?.[1];
    return token !== undefined && (await this.repo.linkByTokenHash(sha256(token))) !== null;
  }

  /** The calendar file of a token; null for an unknown, revoked or rotated one, or a removed product. */
  async calendarFile(token: string, now: Date): Promise<string | null> {
    const scope = await this.repo.linkByTokenHash(sha256(token));
    if (!scope) return null;
    let name: string = messages.calendar.allProductsName;
    if (scope.productId !== null) {
      const product = await this.repo.ownedProduct(scope.ownerId, scope.productId);
      if (!product) return null;
      name = `${messages.calendar.namePrefix} ${product.name}`;
    }
    const since = new Date(now.getTime() - EXPORT_PAST_DAYS * 86_400_000);
    const rows = await this.repo.holdingReservations(scope, since);
    const events: CalendarEvent[] = rows.map((r) => {
      const label = reservationStatusLabel(r.status);
      const who = r.firstName || messages.calendar.renter;
      return {
        uid: `reservation-${r.id}@rendime.ee`,
        start: r.startTs,
        end: r.endTs,
        // The one-product calendar is the product; the all-products one says which.
        summary: scope.productId === null ? `${r.productName}: ${who} (${label})` : `${who} (${label})`,
        status: TENTATIVE.has(r.status) ? 'TENTATIVE' : 'CONFIRMED',
        lastModified: r.updatedTs,
      };
    });
    return writeCalendar({ name, events, now });
  }

  /**
   * Reads one outside calendar. A good answer replaces what it blocks; a failure is recorded on
   * it and keeps the blocks of its last good refresh, so a broken feed frees nothing and blocks
   * nothing new.
   */
  async refresh(row: CalendarImportRow, now: Date): Promise<void> {
    try {
      // Rendime's own files are refused at every hop, not only as typed: a redirect to one would read
      // this API from inside itself and block the product by the owner's own bookings.
      const text = await downloadFeed(row.url, {
        allowLocal: this.options.allowLocalFeeds,
        timeoutMs: this.options.feedTimeoutMs,
        refused: (url) => this.isOwnCalendar(url),
      });
      // A calendar with more events than are kept is still a good read: the soonest apply, and the
      // row says from when on nothing does (TOO_MANY_EVENTS), shown to the owner.
      await this.repo.replaceBlocks(row.id, row.productId, parseFeed(text, now), now);
    } catch (error) {
      if (!(error instanceof FeedError)) this.log.warn({ err: error, importId: row.id }, 'calendar refresh failed');
      await this.repo.recordFailure(row.id, error instanceof FeedError ? error.code : 'FETCH_FAILED', now);
    }
  }
}

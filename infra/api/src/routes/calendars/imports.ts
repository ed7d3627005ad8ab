import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from 'shared-kernel/messages';
import {
  CALENDAR_IMPORTS_MAX,
  CalendarImport,
  CalendarImportList,
  CalendarImportParams,
  IdParam,
  NewCalendarImport,
  OkResponse,
} from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { feedWarning, type ImportWithBlocks } from '../../repositories/calendar-repository';
import { responses } from '../../schemas/responses';
import { acceptableUrl, namesInside } from '../../services/calendars/feed';
import { askedReadJob, CALENDAR_FEED_JOB, CALENDAR_READ_WAIT_MS } from '../../services/calendars/jobs';
import { requireCalendarOwner, requireOwnProduct } from './access';

const toAnswer = (row: ImportWithBlocks): CalendarImport => ({
  id: row.id,
  url: row.url,
  createdTs: row.createdTs.toISOString(),
  lastAttemptTs: row.lastAttemptTs?.toISOString() ?? null,
  lastSuccessTs: row.lastSuccessTs?.toISOString() ?? null,
  error: (row.lastError as CalendarImport['error']) ?? null,
  warning: feedWarning(row),
  blockedCount: row.blockedCount,
  upcoming: row.upcoming,
  pending: row.readAskedTs !== null,
});

/**
 * Issue 32, iCal import: the outside calendars a product follows. Adding one, or "read again",
 * queues its read on the job queue and answers at once with the calendar pending (an outside server
 * may take up to the feed timeout, 10 s, which no request should wait for); the owner's tools poll
 * the list until the read is in. The job queue also reads each again every half hour.
 */
export const calendarImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.calendarRepository;
  const importNotFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.calendar.importNotFound);
  // A replica that polls the queue by itself runs the asked read right after its answer rather than
  // at its next round (as mail is sent); the API tests (no polling) run the queue when they mean to.
  const readSoon = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode === 200 && app.config.jobPollMs > 0)
      void app.jobs.runDue([CALENDAR_FEED_JOB]).catch((error: unknown) => app.log.error({ err: error }, 'calendar read failed'));
  };

  async function answerFor(productId: number, importId: number): Promise<CalendarImport> {
    const row = (await repo.imports(productId, app.clock.now())).find((r) => r.id === importId);
    if (!row) throw importNotFound();
    return toAnswer(row);
  }

  app.get(
    '/products/:id/calendar-imports',
    { schema: { params: IdParam, response: responses({ 200: CalendarImportList }) } },
    async (request) => {
      const user = requireCalendarOwner(request);
      const product = await requireOwnProduct(repo, user.id, request.params.id);
      return (await repo.imports(product.id, app.clock.now())).map(toAnswer);
    },
  );

  app.post(
    '/products/:id/calendar-imports',
    { schema: { params: IdParam, body: NewCalendarImport, response: responses({ 200: CalendarImport }) }, onResponse: readSoon },
    async (request) => {
      const user = requireCalendarOwner(request);
      const product = await requireOwnProduct(repo, user.id, request.params.id);
      // A sign-in inside the address is refused as such: "must start with https://" would puzzle the owner.
      if (URL.canParse(request.body.url) && new URL(request.body.url).username + new URL(request.body.url).password !== '')
        throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.calendar.importUrlCredentials);
      const allowLocal = app.config.allowLocalCalendarFeeds;
      // webcal:// is https underneath; a host only the lenient webcal parsing takes (webcal://a%zz) is no address.
      const asHttps = request.body.url.replace(/^webcal:\/\//i, 'https://');
      if (!URL.canParse(asHttps)) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.calendar.importUrlInvalid, ['url']);
      // An address inside is named as such before its scheme is judged: "must start with https://"
      // would send the owner to try https://127.0.0.1, refused as well.
      if (namesInside(new URL(asHttps), allowLocal)) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.calendar.importUrlInside);
      const url = acceptableUrl(request.body.url, allowLocal);
      if (!url) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.calendar.importUrlInvalid, ['url']);
      if (await app.calendarService.isOwnCalendar(url)) throw new ApiError(400, 'VALIDATION_ERROR', messages.errors.calendar.importUrlOwn);
      if ((await repo.importCount(product.id)) >= CALENDAR_IMPORTS_MAX) {
        throw new ApiError(409, 'TOO_MANY_IMPORTS', format(messages.errors.calendar.tooManyImports, { max: CALENDAR_IMPORTS_MAX }));
      }
      const now = app.clock.now();
      const row = await repo.addImport(product.id, url.toString(), now, (added) => askedReadJob(added, now));
      if (!row) throw new ApiError(409, 'DUPLICATE', messages.errors.calendar.importDuplicate);
      return answerFor(product.id, row.id);
    },
  );

  /** Queues a read of the calendar now, instead of at the next half hour; answers it pending. */
  app.post(
    '/products/:id/calendar-imports/:importId/refresh',
    { schema: { params: CalendarImportParams, response: responses({ 200: CalendarImport }) }, onResponse: readSoon },
    async (request) => {
      const user = requireCalendarOwner(request);
      const product = await requireOwnProduct(repo, user.id, request.params.id);
      const row = await repo.findImport(product.id, request.params.importId);
      if (!row) throw importNotFound();
      const now = app.clock.now();
      await repo.askRead(row.id, now, new Date(now.getTime() - CALENDAR_READ_WAIT_MS), askedReadJob(row, now));
      return answerFor(product.id, row.id);
    },
  );

  app.delete(
    '/products/:id/calendar-imports/:importId',
    { schema: { params: CalendarImportParams, response: responses({ 200: OkResponse }) } },
    async (request) => {
      const user = requireCalendarOwner(request);
      const product = await requireOwnProduct(repo, user.id, request.params.id);
      if (!(await repo.removeImport(product.id, request.params.importId))) throw importNotFound();
      return { ok: true as const };
    },
  );
};

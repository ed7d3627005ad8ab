import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { CALENDAR_FILE, CalendarFileParams, CalendarLinkAnswer, IdParam, OkResponse } from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import type { LinkScope } from '../../repositories/calendar-repository';
import { mediaResponse, responses } from '../../schemas/responses';
import { calendarImportRoutes } from './imports';
import { requireCalendarOwner, requireOwnProduct } from './access';

const icsAnswer = responses({
  200: mediaResponse('The owner’s holding reservations as an iCalendar (RFC 5545) file', ['text/calendar'], z.string()),
});

/**
 * Issue 32, iCal export: `GET /calendars/{token}.ics` is the private calendar a calendar app
 * subscribes to (the token is the only credential: no session, no CSRF); the owner makes, reads
 * and revokes the links with `…/calendar-links/all` and `…/calendar-links/products/{id}`.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.calendarRepository;
  const linkNotFound = () => new ApiError(404, 'NOT_FOUND', messages.errors.calendar.linkNotFound);

  app.get('/calendars/:file', { schema: { params: CalendarFileParams, response: icsAnswer } }, async (request, reply) => {
    const token = CALENDAR_FILE.exec(request.params.file)?.[1];
    const body = token ? await app.calendarService.calendarFile(token, app.clock.now()) : null;
    if (body === null) throw linkNotFound();
    return (
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="rendime.ics"')
        // First names of renters: no shared cache keeps it; the app asks again anyway.
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(body)
    );
  });

  const linkRoutes = (path: string, scopeOf: (ownerId: number, productId?: number) => Promise<LinkScope>, params?: typeof IdParam) => {
    const idOf = (p: unknown) => (params ? (p as IdParam).id : undefined);
    const schema = <R>(response: R) => (params ? { params, response } : { response });
    app.get(path, { schema: schema(responses({ 200: CalendarLinkAnswer })) }, async (request) => {
      const user = requireCalendarOwner(request);
      const link = await repo.link(await scopeOf(user.id, idOf(request.params)));
      return { link: link && { createdTs: link.createdTs.toISOString() } };
    });
    // Making a link again is rotating it: the old URL answers 404 from then on.
    app.post(path, { schema: schema(responses({ 200: CalendarLinkAnswer })) }, async (request) => {
      const user = requireCalendarOwner(request);
      const made = await app.calendarService.newLink(await scopeOf(user.id, idOf(request.params)), app.clock.now());
      return { link: { url: made.url, createdTs: made.createdTs.toISOString() } };
    });
    app.delete(path, { schema: schema(responses({ 200: OkResponse })) }, async (request) => {
      const user = requireCalendarOwner(request);
      await repo.revokeLink(await scopeOf(user.id, idOf(request.params)));
      return { ok: true as const };
    });
  };
  linkRoutes('/calendar-links/all', async (ownerId) => ({ ownerId, productId: null }));
  linkRoutes(
    '/calendar-links/products/:id',
    async (ownerId, productId) => ({ ownerId, productId: (await requireOwnProduct(repo, ownerId, productId!)).id }),
    IdParam,
  );

  await app.register(calendarImportRoutes);
};

import { getApi, joinUrl } from 'shared-kernel/api';

/**
 * `GET /live/events`: the server-sent events stream, opened by the browser's EventSource (cookie
 * sent). `lastEventId` resumes a stream the page opens anew (the browser's own reconnects send
 * the Last-Event-ID header instead): the server first replays the messages after it.
 */
export function liveEventsUrl(lastEventId?: string): string {
  const url = joinUrl(getApi().baseUrl, '/live/events');
  return lastEventId && /^\d+$/.test(lastEventId) ? `${url}?lastEventId=${lastEventId}` : url;
}

import { getApi, joinUrl } from 'shared-kernel/api';

/** `GET /live/events`: the server-sent events stream, opened by the browser's EventSource (cookie sent). */
export function liveEventsUrl(): string {
  return joinUrl(getApi().baseUrl, '/live/events');
}

import { TIMINGS } from '../domain/constants';
import { emit, type NoticeType } from '../events/event-bus';

export interface NoticeOptions {
  type: NoticeType;
  message: string;
  durationMs?: number;
}

/**
 * Shows a notice through the shell's NoticeHost. It goes over the event bus, so a slice built
 * against another kernel version still reaches the one host. Returns false if it was invalid.
 */
export function notify({ type, message, durationMs = TIMINGS.noticeAutoHideMs }: NoticeOptions): boolean {
  return emit('notice', { type, message, durationMs });
}

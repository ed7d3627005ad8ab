import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { TIMINGS } from '../domain/constants';
import type { EventPayloads } from '../events/event-bus';
import { messages } from 'shared-kernel/messages';

export type Notice = EventPayloads['notice'];

export interface ToastListProps {
  placement: 'top' | 'top-start' | 'top-end' | 'bottom' | 'bottom-start' | 'bottom-end';
  /** Every notice the host has seen, oldest first; this list shows the ones it has not shown yet. */
  notices: readonly Notice[];
}

/**
 * The toaster itself (Chakra's Toaster, @zag-js/toast). NoticeHost loads this module on the first
 * notice, so pages that never show one do not fetch it (ADR 0023, round 2).
 */
export function ToastList({ placement, notices }: ToastListProps) {
  // One toaster per host: a host from another kernel copy must not share this one's queue.
  const toaster = useMemo(() => createToaster({ placement, pauseOnPageIdle: true }), [placement]);
  const shown = useRef(0);

  useEffect(() => {
    const fresh = notices.slice(shown.current);
    shown.current = notices.length;
    if (fresh.length === 0) return;
    // After this commit: the Toaster subscribes to the store in its own effect, and the store
    // flushes React synchronously, which React refuses inside a lifecycle method. Not cancelled on
    // cleanup, so a notice is never lost between renders.
    setTimeout(() => {
      for (const { type, message, durationMs } of fresh) {
        toaster.create({ type, description: message, duration: durationMs ?? TIMINGS.noticeAutoHideMs, closable: true });
      }
    });
  }, [notices, toaster]);

  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-notice-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {typeof toast.description === 'string' && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={messages.common.close} />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

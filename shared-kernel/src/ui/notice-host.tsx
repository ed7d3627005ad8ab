import { Portal, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';
import { useMemo } from 'react';
import { TIMINGS } from '../domain/constants';
import { useEvent } from '../events/event-bus';
import { messages } from '../messages';

export interface NoticeHostProps {
  placement?: 'top' | 'top-start' | 'top-end' | 'bottom' | 'bottom-start' | 'bottom-end';
}

/**
 * Shows every `notice` event as a toast. Render exactly one (the shell does). Messages are
 * rendered as React text, never as HTML, because they may echo server or user input.
 */
export function NoticeHost({ placement = 'top-end' }: NoticeHostProps) {
  // One toaster per host: a host from another kernel copy must not share this one's queue.
  const toaster = useMemo(() => createToaster({ placement, pauseOnPageIdle: true }), [placement]);

  useEvent('notice', ({ type, message, durationMs }) => {
    toaster.create({ type, description: message, duration: durationMs ?? TIMINGS.noticeAutoHideMs, closable: true });
  });

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

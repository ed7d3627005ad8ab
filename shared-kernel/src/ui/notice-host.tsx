import { lazy, Suspense, useState } from 'react';
import { useEvent } from '../events/event-bus';
import type { Notice, ToastListProps } from './toast-list';

export interface NoticeHostProps {
  placement?: ToastListProps['placement'];
}

// The toaster (Chakra Toast + @zag-js/toast) is fetched on the first notice: most page loads show
// none, and it was part of every first paint (ADR 0023, round 2).
const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

/**
 * Shows every `notice` event as a toast. Render exactly one (the shell does). Messages are
 * rendered as React text, never as HTML, because they may echo server or user input. Notices that
 * arrive while the toaster loads are kept and shown once it is there.
 */
export function NoticeHost({ placement = 'top-end' }: NoticeHostProps) {
  // Append-only: ToastList remembers how many it has shown. A notice is a few dozen bytes and a
  // page shows a handful, so the list is not trimmed.
  const [notices, setNotices] = useState<readonly Notice[]>([]);

  useEvent('notice', (notice) => {
    setNotices((seen) => [...seen, notice]);
  });

  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList placement={placement} notices={notices} />
    </Suspense>
  );
}

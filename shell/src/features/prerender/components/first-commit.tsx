import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `onCommit` once, in the commit that first shows its siblings: layout effects run after the
 * DOM is changed and before the browser paints, and after the effects of the siblings rendered
 * before it (the chrome's outlet is in place by then).
 */
export function FirstCommit({ onCommit }: { onCommit: () => void }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    onCommit();
  });
  return null;
}

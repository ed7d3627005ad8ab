import { useLayoutEffect, useRef } from 'react';

/**
 * Remotes mount into one DOM node that lives outside React. Switching between the public and the
 * signed-in chrome moves that node instead of re-creating it, so mounted remotes keep their roots.
 */
export function OutletHost({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.appendChild(node);
  }, [node]);
  return <div ref={ref} style={{ flex: 1, minWidth: 0 }} />;
}

import { useEffect, useState } from 'react';

export interface NearViewOptions {
  /** While false the element counts as near at once (nothing to wait for). */
  enabled?: boolean;
  /** How far outside the viewport counts as near (IntersectionObserver `rootMargin`). */
  rootMargin?: string;
}

/**
 * True once the element comes within `rootMargin` of the viewport, and stays true (what it
 * unlocks, a map or a page of products, is not taken away again). Without IntersectionObserver
 * (old browsers, jsdom) it is true at once, so the content is never withheld.
 */
export function useNearView(ref: { current: Element | null }, { enabled = true, rootMargin = '100% 0px' }: NearViewOptions = {}): boolean {
  const [near, setNear] = useState(() => !enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near, rootMargin]);
  return near;
}

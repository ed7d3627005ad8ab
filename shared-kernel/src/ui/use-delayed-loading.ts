import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../domain/constants';

export interface DelayedLoadingOptions {
  /** How long loading must last before the loader appears (spec: loader delay 333 ms). */
  delayMs?: number;
  /** How long an appeared loader stays at least (spec: loading overlay clears after 500 ms). */
  minVisibleMs?: number;
}

/**
 * Whether a loader should be visible for `loading`.
 * Spec §9 reading: the loader appears only after 333 ms of loading, and once it has appeared it clears no sooner than 500 ms later, so loads never flash a spinner.
 */
export function useDelayedLoading(
  loading: boolean,
  { delayMs = TIMINGS.loaderDelayMs, minVisibleMs = TIMINGS.loadingOverlayClearMs }: DelayedLoadingOptions = {},
): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (loading) {
      // Already showing: it simply stays while loading goes on.
      if (visible) return;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delayMs);
      return () => clearTimeout(timer);
    }
    if (!visible) return;
    const left = minVisibleMs - (Date.now() - shownAt.current);
    const timer = setTimeout(() => setVisible(false), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [loading, visible, delayMs, minVisibleMs]);

  return visible;
}

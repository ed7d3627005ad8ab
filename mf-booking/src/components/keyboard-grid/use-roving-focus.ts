import { useEffect, useRef, useState } from 'react';

/**
 * The roving tabindex of a keyboard grid: `active` is the one cell in the tab order; `moveTo`
 * makes another cell active and focuses it once it is rendered (it may be in a month not shown yet).
 */
export function useRovingFocus<K extends string>(initial: () => K) {
  const [active, setActive] = useState<K>(initial);
  const gridRef = useRef<HTMLDivElement>(null);
  const pending = useRef<K | null>(null);

  useEffect(() => {
    if (pending.current === null) return;
    const key = pending.current;
    pending.current = null;
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${key}"]`)?.focus();
  });

  function moveTo(key: K) {
    if (key === active) {
      gridRef.current?.querySelector<HTMLElement>(`[data-cell="${key}"]`)?.focus();
      return;
    }
    pending.current = key;
    setActive(key);
  }

  return { active, setActive, moveTo, gridRef };
}

import { useCallback, useEffect, useRef } from 'react';

/** Calls `fn` at most once per `ms`, always with the latest arguments last (leading + trailing). */
export function useThrottled<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const fnRef = useRef(fn);
  // Updated after render (writing a ref during render is unsafe under concurrent rendering).
  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<A | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      const wait = ms - (now - last.current);
      if (wait <= 0 && !timer.current) {
        last.current = now;
        fnRef.current(...args);
        return;
      }
      pending.current = args;
      timer.current ??= setTimeout(
        () => {
          timer.current = null;
          last.current = Date.now();
          if (pending.current) fnRef.current(...pending.current);
          pending.current = null;
        },
        Math.max(0, wait),
      );
    },
    [ms],
  );
}

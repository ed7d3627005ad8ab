import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from 'shared-kernel/ui';

export interface ResponsiveColumns {
  base: number;
  sm?: number;
  md?: number;
}

const queries = { sm: `(min-width: ${BREAKPOINTS.sm})`, md: `(min-width: ${BREAKPOINTS.md})` } as const;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const lists = Object.values(queries).map((q) => window.matchMedia(q));
  lists.forEach((l) => l.addEventListener('change', onChange));
  return () => lists.forEach((l) => l.removeEventListener('change', onChange));
}

/**
 * The number of columns a responsive grid shows now: a keyboard grid needs its rows in the markup
 * (role=row), so the columns Chakra would set by media query are read here from the same breakpoints.
 */
export function useGridColumns(columns: ResponsiveColumns): number {
  const breakpoint = useSyncExternalStore(
    subscribe,
    () => (matches(queries.md) ? 'md' : matches(queries.sm) ? 'sm' : 'base'),
    () => 'base' as const,
  );
  if (breakpoint === 'md') return columns.md ?? columns.sm ?? columns.base;
  if (breakpoint === 'sm') return columns.sm ?? columns.base;
  return columns.base;
}

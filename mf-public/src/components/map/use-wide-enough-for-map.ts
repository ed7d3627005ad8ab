import { useEffect, useState } from 'react';
import { MAP_MIN_SCREEN_PX } from './map-config';

/**
 * Whether the screen is wide enough for a map: below MAP_MIN_SCREEN_PX there is none (LazyMap
 * renders nothing), and the search page asks for no markers either (issue 28).
 */
export function useWideEnoughForMap(): boolean {
  const query = `(min-width: ${MAP_MIN_SCREEN_PX}px)`;
  const [wide, setWide] = useState(
    () => typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setWide(list.matches);
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return wide;
}

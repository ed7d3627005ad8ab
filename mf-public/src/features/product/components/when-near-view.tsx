import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Loader, useNearView } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';

/**
 * What says a visitor is going through the page: scrolling, a touch or click, a key, the focus
 * moving (a screen reader's browse mode sends no keys). Heard in the capture phase, so a dialog or
 * menu that stops an event's propagation cannot hide it.
 */
const ENGAGED = ['scroll', 'pointerdown', 'keydown', 'focusin'] as const;

/**
 * Its children once they come within 200 px of the viewport or the visitor starts going through the
 * page, whichever is first. The product page's booking panel is another slice's widget (its entry,
 * code and form: about 28 KB of script and their start-up work): in view at once beside the product
 * on a wide screen, a screen and a half down on a phone, where the first scroll starts loading it and
 * a visitor who never scrolls never needs it (issue 28). Until then the widget's own loading box (the
 * same height and the same "loading" for assistive technology), so nothing moves when it arrives.
 * On the server (no IntersectionObserver) the children render at once.
 */
export function WhenNearView({ minH, children }: { minH: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearView(box, { rootMargin: '200px 0px' });
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (near || engaged) return;
    const engage = () => setEngaged(true);
    for (const type of ENGAGED) window.addEventListener(type, engage, { capture: true, once: true, passive: true });
    return () => {
      for (const type of ENGAGED) window.removeEventListener(type, engage, { capture: true });
    };
  }, [near, engaged]);
  if (near || engaged) return children;
  return (
    <Box ref={box} p={4} minH={minH} aria-busy data-testid="near-view-placeholder">
      <Loader minH={8} label={messages.shell.loading} />
    </Box>
  );
}

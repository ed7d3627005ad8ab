import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'shared-kernel/router';

/** How long the router may take to show a new address before it is told again. */
export const FOLLOW_SETTLE_MS = 2_000;

/**
 * The chrome's router catches up with the address bar when it missed a change of it. A journey
 * saw the chrome left on the signed-in skeleton of `/auth/my-rentals` for two minutes while the
 * address bar and the slices were on the sign-in page the shell had sent it to. After each routing
 * event, if the address still differs from what the router shows once it has had its time, the
 * router is sent there (once per address). Rendered inside the router, after the chrome, so its
 * effect runs when the router's own listener is in place.
 */
export function FollowAddressBar({ settleMs = FOLLOW_SETTLE_MS }: { settleMs?: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    const shown = location.pathname + location.search + location.hash;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const actual = window.location.pathname + window.location.search + window.location.hash;
        if (actual === shown || actual === asked.current) return;
        asked.current = actual;
        const state = (window.history.state as { usr?: unknown } | null)?.usr;
        void navigate(actual, { replace: true, state });
      }, settleMs);
    };
    check();
    window.addEventListener('single-spa:routing-event', check);
    window.addEventListener('popstate', check);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('single-spa:routing-event', check);
      window.removeEventListener('popstate', check);
    };
  }, [location, navigate, settleMs]);
  return null;
}

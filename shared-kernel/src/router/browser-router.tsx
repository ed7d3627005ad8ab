import { useEffect, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the kernel's router is where react-router is wrapped
import { BrowserRouter as HistoryRouter, useLocation, useNavigate } from 'react-router';

/**
 * Sends the router to the address bar if the address changed before the router listened to it.
 * react-router's BrowserRouter reads the address when it renders and starts listening only in its
 * layout effect; a slice's first render on a server-painted page is a transition that yields
 * between pieces (ADR 0052), and a click on a header link in that window moved the address with
 * no router listening: the slice showed the old route under the new address. A passive effect
 * runs after every layout effect of the commit, so the router's listener is in place here.
 */
function CatchUpWithAddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const actual = window.location.pathname + window.location.search + window.location.hash;
    if (actual === location.pathname + location.search + location.hash) return;
    const state = (window.history.state as { usr?: unknown } | null)?.usr;
    void navigate(actual, { replace: true, state });
    // Only the address missed before the first commit; later changes reach the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** react-router's BrowserRouter that starts on the address bar's current address (see above). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  return (
    <HistoryRouter>
      {/* Before the routes: its effect runs ahead of theirs, so a route's own first-commit move
          (a <Navigate>) is not yet in the address bar and is not taken for a missed one. */}
      <CatchUpWithAddressBar />
      {children}
    </HistoryRouter>
  );
}

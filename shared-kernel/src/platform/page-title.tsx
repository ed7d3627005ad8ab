import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { format, messages } from 'shared-kernel/messages';
import { on, peek } from '../events/event-bus';

interface Claim {
  depth: number;
  order: number;
  title: string;
}

// Every mounted title claim of this kernel copy. The deepest claim wins (a page's product name
// beats its route's 'Toode'); among equals the newest. Slices mount one at a time, so one copy
// writes document.title at any moment even under version skew.
const claims = new Map<symbol, Claim>();
let counter = 0;

function apply(): void {
  let best: Claim | undefined;
  for (const c of claims.values()) {
    if (!best || c.depth > best.depth || (c.depth === best.depth && c.order > best.order)) best = c;
  }
  writeTitle(best ? format(messages.shell.pageTitle, { page: best.title }) : messages.shell.defaultTitle);
}

const UNREAD_PREFIX = /^\(\d+\) /;

/** Writes the tab's title with the unread count (the last `unread-counts-changed` of any kernel copy) in front. */
function writeTitle(title: string): void {
  const counts = peek('unread-counts-changed')?.payload;
  // The last counts are the signed-out user's: a signed-out tab shows none.
  const signedOut = peek('session-changed')?.payload.user === null;
  const unread = counts && !signedOut ? counts.messages + counts.notifications : 0;
  document.title = unread > 0 ? format(messages.shell.unreadTitle, { count: unread, title }) : title;
}

/**
 * The shell calls this once: a new unread count (from the top bar's badges, the live stream or a
 * thread read) shows in the tab's title at once, so a user in another tab sees that something
 * came. It rewrites whatever title the page has, whichever kernel copy wrote it.
 */
export function followUnreadInTitle(): () => void {
  const retitle = () => writeTitle(document.title.replace(UNREAD_PREFIX, ''));
  const offCounts = on('unread-counts-changed', retitle);
  const offSession = on('session-changed', retitle);
  return () => {
    offCounts();
    offSession();
  };
}

const TitleDepth = createContext(0);

/**
 * Names the browser tab while the calling component is mounted: '{title} | Rendime'. A blank
 * title claims nothing, so a page can pass a name that is still loading.
 */
export function usePageTitle(title: string | null | undefined): void {
  const depth = useContext(TitleDepth) + 1;
  useEffect(() => {
    if (!title) return undefined;
    const id = Symbol(title);
    claims.set(id, { depth, order: ++counter, title });
    apply();
    return () => {
      claims.delete(id);
      apply();
    };
  }, [title, depth]);
}

/**
 * A route's title, declared beside the route: `<Route path="/public/kkk" element={<PageTitle
 * title={...}><FaqPage /></PageTitle>} />`. A `usePageTitle` inside the page (a product's name)
 * is deeper and wins while it is set.
 */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  const depth = useContext(TitleDepth) + 1;
  return <TitleDepth.Provider value={depth}>{children}</TitleDepth.Provider>;
}

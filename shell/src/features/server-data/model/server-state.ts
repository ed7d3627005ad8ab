import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The JSON data block the shell's server writes into a server-rendered page (infra server-render.mjs). */
export const SERVER_STATE_ID = 'rendime-server-state';

/** Which version of a remote this page will mount first (remote-lifecycles' firstCandidate), if the manifest has it. */
export type MountedVersion = (remote: string) => string | undefined;

/**
 * Puts the query cache a server-rendered page was rendered from (ADR 0041) into the page's
 * client, so the slice renders the same page at once and asks the API for none of it again.
 * Only for the page it was rendered for (the URL may have changed before JS ran). The answers
 * count as fetched now: the server's HTML cache keeps them only seconds, and the visitor has been
 * looking at them since the page arrived; the server's clock is not the browser's either.
 * Only from the version this page will mount (`mounted`): the block names the version that
 * rendered it, and when the server rendered with a previous version (the live one's render failed)
 * or this browser starts at a fallback (the live one failed here lately), the cache is another
 * build's, whose queries the mounted code may key or shape differently; that slice asks the API
 * itself, as on a client-rendered page. Returns whether a state was taken.
 */
export function adoptServerState(
  client: QueryClient,
  doc: Document,
  pathname: string,
  now: number = Date.now(),
  mounted?: MountedVersion,
): boolean {
  const el = doc.getElementById(SERVER_STATE_ID);
  if (!el) return false;
  el.remove();
  if (el.getAttribute('data-path') !== pathname) return false;
  const remote = el.getAttribute('data-remote');
  if (mounted && remote !== null && mounted(remote) !== el.getAttribute('data-version')) return false;
  let state: DehydratedState;
  try {
    state = JSON.parse(el.textContent ?? '') as DehydratedState;
  } catch {
    return false;
  }
  if (!state || !Array.isArray(state.queries)) return false;
  hydrate(client, { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })) });
  return true;
}

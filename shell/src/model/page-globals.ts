/** The style element of the shell's index.html holding the kernel system's global CSS (ADR 0055). */
export const PAGE_GLOBALS_ID = 'rendime-platform-globals';

/**
 * Whether the page came with Chakra's global CSS (layer order, reset, token variables) already in
 * it: the shell's build writes it into index.html, so the chrome's root need not compute and insert
 * it at start-up. A page without it (an index.html of another build) gets it from the chrome's root
 * as before.
 */
export function pageHasGlobals(doc: Document): boolean {
  const el = doc.getElementById(PAGE_GLOBALS_ID);
  return el instanceof HTMLStyleElement && (el.textContent ?? '').includes('@layer reset,base,tokens,recipes;');
}

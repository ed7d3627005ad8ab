/**
 * The takeover of a prerendered page (ADR 0024). The shell's server may put a snapshot of the
 * front page into the HTML: the chrome and, in a `[data-prerender-outlet]` holder, the slice's
 * marked first screen (`[data-prerender]`, the hero). React replaces the chrome with the same
 * markup on its first render; the holder is moved into the real outlet first, so the hero stays
 * on screen until the slice has rendered its own, and is removed in the same microtask as the
 * slice's element appears (a MutationObserver runs before the next paint): no frame without a
 * hero, no frame with two.
 */

import { replaySnapshotPresses } from './snapshot-presses';

export const PRERENDER_OUTLET_ATTR = 'data-prerender-outlet';
export const PRERENDER_CSS_ID = 'rendime-prerender-css';
/** Longest a holder waits for a slice that mounted without a marked element (an override, a changed page). */
export const PRERENDER_GIVE_UP_MS = 15_000;

/** The server painted this page: its markup carries an outlet holder (a snapshot or a server rendering). */
export function isServerPainted(doc: Document): boolean {
  return doc.querySelector(`[${PRERENDER_OUTLET_ATTR}]`) !== null;
}

/**
 * Where the shell renders its chrome on a server-painted page: off the page until the first commit,
 * then the container's only child. `display: contents` gives it no box, so the chrome lays out
 * as if it were the container's own child, as the server's markup did.
 */
export function chromeMountPoint(doc: Document): HTMLElement {
  const mountPoint = doc.createElement('div');
  mountPoint.style.display = 'contents';
  return mountPoint;
}

interface FocusedField {
  element: HTMLElement;
  selection: [number, number] | null;
}

/** The snapshot's element that had the focus when the holder was taken out (which loses it). */
const focusedBefore = new WeakMap<HTMLElement, FocusedField>();

/** Where the caret is in a text field; null for elements without one. */
function selectionOf(element: Element): [number, number] | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  try {
    return element.selectionStart === null ? null : [element.selectionStart, element.selectionEnd ?? element.selectionStart];
  } catch {
    return null; // inputs of types without a selection throw
  }
}

/** The prerendered outlet of this page, detached from the prerendered chrome, or null. */
export function takePrerenderedOutlet(doc: Document, pathname: string): HTMLElement | null {
  const holder = doc.querySelector<HTMLElement>(`[${PRERENDER_OUTLET_ATTR}]`);
  if (!holder) return null;
  // A visitor typing into the snapshot's search box as the shell takes over keeps typing into it.
  const active = doc.activeElement;
  if (active instanceof HTMLElement && holder.contains(active))
    focusedBefore.set(holder, { element: active, selection: selectionOf(active) });
  holder.remove();
  // Rendered for another page (the URL changed before JS ran): nothing of it may stay.
  if (holder.getAttribute(PRERENDER_OUTLET_ATTR) !== pathname) {
    doc.getElementById(PRERENDER_CSS_ID)?.remove();
    return null;
  }
  return holder;
}

/**
 * Gives the focus (and the caret) back to the snapshot's element that had it when the holder was
 * taken out, once the holder is back on the page, unless something else took the focus meanwhile.
 * Called in the same task as the takeover, so no keystroke falls between the two.
 */
export function restorePrerenderedFocus(doc: Document, holder: HTMLElement): void {
  const before = focusedBefore.get(holder);
  focusedBefore.delete(holder);
  if (!before || !before.element.isConnected) return;
  if (doc.activeElement && doc.activeElement !== doc.body) return;
  before.element.focus({ preventScroll: true });
  if (before.selection) setCaret(before.element, before.selection);
}

/** Puts the caret back; a field whose type has none (email, number) refuses, and is left as it is. */
function setCaret(element: HTMLElement, [start, end]: [number, number]): void {
  try {
    (element as HTMLInputElement).setSelectionRange(start, end);
  } catch {
    // no selection in this field's type
  }
}

/**
 * What the visitor typed into the prerendered form before JS ran goes into the slice's own field.
 * Returns what gives that field the focus and the caret, if the visitor was in the snapshot's:
 * called once the slice's area is visible (a hidden element takes no focus).
 */
function carryInput(from: HTMLElement, to: ParentNode): () => void {
  let refocus = () => {};
  for (const field of Array.from(from.querySelectorAll<HTMLInputElement>('input[name]'))) {
    const target = to.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field.name)}"]`);
    if (!target) continue;
    // What the visitor typed: into an empty box, or over what the server put in it (a search
    // page's box holds the URL's text) when they changed it.
    if (field.value !== target.value && ((field.value && !target.value) || field.value !== field.defaultValue)) {
      // React tracks the value it set; the prototype's setter plus an input event reach its onChange.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(target, field.value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // The field has the focus, or had it when the holder was taken out of the server's markup.
    const recorded = focusedBefore.get(from);
    const focusedNow = field.ownerDocument.activeElement === field;
    if (focusedNow || recorded?.element === field) {
      const selection = focusedNow ? selectionOf(field) : recorded!.selection;
      refocus = () => {
        target.focus({ preventScroll: true });
        if (selection && target.value === field.value) setCaret(target, selection);
      };
    }
  }
  return refocus;
}

export interface HolderOptions {
  /** The outlet the slices mount into; the holder is its first child until released. */
  outlet: HTMLElement;
  holder: HTMLElement;
  doc: Document;
  /** The current path, read on every routing event. */
  pathname: () => string;
  giveUpMs?: number;
}

/**
 * Puts the holder into the outlet and removes it (and the snapshot's CSS) when the slice has
 * rendered its own marked element, when the page shows a remote's fallback or error instead, when
 * the visitor navigates away, or after `giveUpMs` once a slice has mounted anything at all.
 * Returns the release function (idempotent).
 */
export function holdUntilSliceRenders({ outlet, holder, doc, pathname, giveUpMs = PRERENDER_GIVE_UP_MS }: HolderOptions): () => void {
  const path = holder.getAttribute(PRERENDER_OUTLET_ATTR);
  outlet.prepend(holder);
  // What a slice renders before its marked element (a loader while the session loads, say) must not
  // show below the snapshot and then jump up when the snapshot goes: until the swap, the slice's
  // areas are invisible and out of the flow, laid over the outlet at its full width.
  const hidden = new Set<HTMLElement>();
  const outletPosition = outlet.style.position;
  outlet.style.position = 'relative';
  const hide = (el: HTMLElement) => {
    if (hidden.has(el)) return;
    hidden.add(el);
    Object.assign(el.style, { visibility: 'hidden', position: 'absolute', top: '0', left: '0', right: '0' });
  };
  let released = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onRoute = () => {
    if (pathname() !== path) release();
  };
  const observer = new MutationObserver(() => check());
  function release(): void {
    if (released) return;
    released = true;
    observer.disconnect();
    doc.defaultView?.removeEventListener('popstate', onRoute);
    doc.defaultView?.removeEventListener('single-spa:routing-event', onRoute);
    if (timer) clearTimeout(timer);
    for (const el of hidden) {
      for (const prop of ['visibility', 'position', 'top', 'left', 'right']) el.style.removeProperty(prop);
    }
    outlet.style.position = outletPosition;
    holder.remove();
    doc.getElementById(PRERENDER_CSS_ID)?.remove();
  }
  function check(): void {
    const own = Array.from(outlet.children).filter((c): c is HTMLElement => c !== holder && c instanceof HTMLElement);
    own.forEach(hide);
    const marked = own.find((c) => c.querySelector('[data-prerender]'));
    if (marked) {
      const refocus = carryInput(holder, marked);
      release();
      refocus();
      replaySnapshotPresses(holder, marked);
      return;
    }
    if (
      own.some((c) => c.querySelector('[data-testid="remote-fallback"], [data-testid="slice-error"], [data-testid="slice-unavailable"]'))
    ) {
      release();
      return;
    }
    // A slice mounted something without the mark: wait a while (a lazy part may still come), then let go.
    if (!timer && own.some((c) => c.childElementCount > 0)) timer = setTimeout(release, giveUpMs);
  }
  observer.observe(outlet, { childList: true, subtree: true });
  doc.defaultView?.addEventListener('popstate', onRoute);
  doc.defaultView?.addEventListener('single-spa:routing-event', onRoute);
  check();
  return release;
}

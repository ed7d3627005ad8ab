/**
 * The takeover replaces server markup with the same markup rendered by React (ADR 0024, 0041): the
 * elements are equal but not the same, so a visitor who tabbed into the page before the scripts
 * ran would lose focus at the swap. The focused element is found again in the new markup by its
 * position (child indexes from the replaced root) and focused there.
 */

/** Child indexes from `root` down to `el`, or null when `el` is not inside `root`. */
export function pathFrom(root: Element, el: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = el;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === root ? path : null;
}

/** The element at `path` under `root` when it is the same kind of element as `like`. */
export function followPath(root: Element, path: readonly number[], like: Element): HTMLElement | null {
  let node: Element | undefined = root;
  for (const i of path) {
    node = node.children[i];
    if (!node) return null;
  }
  return node instanceof HTMLElement && node.tagName === like.tagName ? node : null;
}

/** Focuses in `to` the counterpart of `active` (inside `from`), without scrolling; whether it did. */
export function carryFocus(from: Element, to: Element, active: Element | null): boolean {
  if (!active || active === from) return false;
  const path = pathFrom(from, active);
  if (!path) return false;
  const target = followPath(to, path, active);
  if (!target) return false;
  target.focus({ preventScroll: true });
  return target.ownerDocument.activeElement === target;
}

/**
 * The element the visitor focused last, also after it left the document (the chrome's takeover
 * removes the server's markup in React's commit, before the shell could read `activeElement`).
 * A blur that leaves the element in the document (a click elsewhere) forgets it.
 */
export function trackFocus(doc: Document): { last: () => Element | null; stop: () => void } {
  let last: Element | null = doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : null;
  const onIn = (e: FocusEvent) => {
    last = e.target instanceof Element ? e.target : null;
  };
  const onOut = (e: FocusEvent) => {
    const el = e.target;
    queueMicrotask(() => {
      if (last === el && el instanceof Element && el.isConnected && doc.activeElement !== el) last = null;
    });
  };
  doc.addEventListener('focusin', onIn);
  doc.addEventListener('focusout', onOut);
  return {
    last: () => last,
    stop: () => {
      doc.removeEventListener('focusin', onIn);
      doc.removeEventListener('focusout', onOut);
    },
  };
}

/**
 * After React replaced the server's chrome (`before`, the container's children then) with its own:
 * focuses again what the visitor had focused, the same element when it was in the kept holder,
 * else its counterpart at the same place in the container.
 */
export function refocusAfterChrome(container: Element, before: readonly Element[], holder: Element | null, active: Element | null): void {
  if (!active || active.ownerDocument.activeElement === active) return;
  if (holder?.contains(active)) {
    if (active instanceof HTMLElement) active.focus({ preventScroll: true });
    return;
  }
  const top = before.findIndex((el) => el === active || el.contains(active));
  if (top < 0) return;
  const path = pathFrom(before[top], active);
  const counterpart = container.children[top];
  if (!path || !counterpart) return;
  followPath(counterpart, path, active)?.focus({ preventScroll: true });
}

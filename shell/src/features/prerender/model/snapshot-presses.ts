/** Marks a disclosure button of the server's snapshot that a visitor pressed before the takeover. */
export const SNAPSHOT_PRESSED_ATTR = 'data-snapshot-pressed';

/**
 * Records presses of the snapshot's disclosure buttons (`button[aria-expanded]`, such as the front
 * page's "Vali rendiaeg") made before the slice has taken the page over: the snapshot is markup
 * without handlers, so such a press did nothing and was lost (issue 28: the start's steps made
 * that window longer). A pressed button is marked; pressed again, unmarked. The takeover presses
 * the slice's own button of the same text for each mark (./adopt-prerender.ts). Installed by
 * main.js when it runs, so only presses before that are still lost.
 */
export function recordSnapshotPresses(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[aria-expanded]') : null;
      if (!button?.closest('[data-prerender-outlet]')) return;
      button.toggleAttribute(SNAPSHOT_PRESSED_ATTR);
    },
    { capture: true },
  );
}

/** Presses, in the slice's markup, the buttons pressed in the snapshot (matched by their text). */
export function replaySnapshotPresses(from: ParentNode, to: ParentNode): void {
  const targets = Array.from(to.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]'));
  for (const pressed of Array.from(from.querySelectorAll<HTMLButtonElement>(`button[${SNAPSHOT_PRESSED_ATTR}]`))) {
    const text = pressed.textContent?.trim();
    targets.find((b) => b.textContent?.trim() === text)?.click();
  }
}

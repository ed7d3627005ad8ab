import { recordSnapshotPresses } from './features/prerender/model/snapshot-presses';
import { afterNextPaint, imageSettled, LCP_IMAGE_WAIT_MS, lcpImage } from './model/lcp-image';
import { yieldToBrowser } from './model/yield-to-browser';

// A press on the server's snapshot before the slice takes over is carried over, not lost.
recordSnapshotPresses(document);

// A server-rendered page's main image first, then the scripts (ADR 0051).
const image = lcpImage(document);
const ready = image ? imageSettled(image, LCP_IMAGE_WAIT_MS).then(() => afterNextPaint()) : Promise.resolve();
// The async boundary lets Module Federation negotiate shared singletons before any React code runs;
// the libraries first, then the shell's own code in tasks of their own (./start/libraries). The
// yield ends main.js's own task (Module Federation's start) before the first step's files and
// shared modules are requested, one script element each: together they were one long task.
// A failure to load surfaces as an unhandled rejection: nothing is on the page yet to show it.
void ready
  .then(() => yieldToBrowser())
  .then(() => import('./start/libraries'))
  .then(({ startShell }) => startShell());

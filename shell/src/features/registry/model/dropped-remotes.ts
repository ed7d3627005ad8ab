import type { RemoteLoadOutcome } from '../api/report-remote-load';
import type { DroppedRemote } from './parse-release-manifest';

/**
 * A refused manifest entry is a release problem, not a page error: a warning in the console and
 * a report (outcome `load`, nothing served) for the admin page, for each entry that names its slice.
 */
export function announceDroppedRemotes(dropped: readonly DroppedRemote[], report: (outcome: RemoteLoadOutcome) => void): void {
  for (const d of dropped) {
    const problems = d.problems.join(', ');
    console.warn(`[shell] release manifest entry ${d.index} (${d.name ?? 'unnamed'}) is invalid and was left out: ${problems}`);
    if (!d.name) continue;
    report({
      remote: d.name,
      version: d.version ?? 'unknown',
      outcome: 'load',
      servedVersion: null,
      durationMs: 0,
      message: `invalid manifest entry: ${problems}`.slice(0, 300),
    });
  }
}

import type { ReleaseManifest } from 'shared-kernel/platform';
import { parseReleaseManifest, type DroppedRemote } from '../model/parse-release-manifest';

/**
 * The release manifest is never cached: a new release must be what the next reload sees. Entries
 * are checked one by one (parseReleaseManifest); the ones dropped are handed to `onDropped`.
 */
export async function fetchReleaseManifest(
  url: string,
  fetchImpl: typeof fetch = fetch,
  onDropped: (dropped: DroppedRemote[], manifest: ReleaseManifest) => void = () => undefined,
): Promise<ReleaseManifest> {
  const res = await fetchImpl(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`release manifest ${url}: HTTP ${res.status}`);
  const { manifest, dropped } = parseReleaseManifest(await res.json());
  if (dropped.length > 0) onDropped(dropped, manifest);
  return manifest;
}

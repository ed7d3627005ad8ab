import { ReleaseManifest } from 'shared-kernel/platform';

/** The release manifest is never cached: a new release must be what the next reload sees. */
export async function fetchReleaseManifest(url: string, fetchImpl: typeof fetch = fetch): Promise<ReleaseManifest> {
  const res = await fetchImpl(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`release manifest ${url}: HTTP ${res.status}`);
  return ReleaseManifest.parse(await res.json());
}

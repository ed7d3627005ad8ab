/** The larger image a cover copy was made from, or null when `name` is no cover copy. */
export function largeFileNameOf(name: string): string | null {
  const match = /^(.+)-cover(\.[a-z]+)$/.exec(name);
  return match ? `${match[1]}${match[2]}` : null;
}

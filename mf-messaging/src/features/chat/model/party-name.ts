/** Spec: party names are cut to 4 characters on small screens and 10 on larger ones. */
export const SHORT_NAME = 4;
export const LONG_NAME = 10;

/** The first `length` characters, counting letters rather than UTF-16 units (so 'Šš' stays whole). */
export function cutName(name: string, length: number): string {
  return Array.from(name.trim()).slice(0, length).join('');
}

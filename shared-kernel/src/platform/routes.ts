/**
 * Route patterns are paths with optional `:param` segments and an optional trailing `*`.
 * A pattern without `*` matches the path itself and anything below it only when it ends in `/*`;
 * `/auth/rent-product/:id` matches `/auth/rent-product/12`.
 */
export function matchRoute(pattern: string, pathname: string): boolean {
  const clean = (p: string) => p.replace(/\/+$/, '') || '/';
  const pat = clean(pattern).split('/');
  const path = clean(pathname).split('/');
  for (let i = 0; i < pat.length; i++) {
    const seg = pat[i];
    if (seg === '*') return true;
    if (i >= path.length) return false;
    if (seg.startsWith(':')) {
      if (!path[i]) return false;
      continue;
    }
    if (seg !== decodeURIComponent(path[i])) return false;
  }
  return pat.length === path.length;
}

export function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((p) => matchRoute(p, pathname));
}

export const PUBLIC_HOME = '/public';
export const AUTH_HOME = '/auth/user-profile';

export function loginUrlFor(currentPathWithSearch: string): string {
  return `/public/login?goto=${encodeURIComponent(currentPathWithSearch)}`;
}

/** Only same-site absolute paths are allowed as a goto target (no open redirects). */
export function safeGoto(goto: string | null | undefined, fallback = AUTH_HOME): string {
  if (!goto || !goto.startsWith('/') || goto.startsWith('//') || goto.includes('\\')) return fallback;
  return goto;
}

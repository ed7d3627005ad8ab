import { matchPath } from 'shared-kernel/router';

/**
 * Slices compare decoded paths (their routers decode before matching); a segment that is not valid
 * percent-encoding stays as it is instead of throwing inside single-spa's activity check.
 */
function decodeSegments(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Route patterns are react-router paths: `:param` segments and an optional trailing `*`.
 * A pattern matches the whole path (a trailing slash aside), letter case included;
 * `/auth/rent-product/:id` matches `/auth/rent-product/12`, `/otsing/*` anything below `/otsing`.
 */
export function matchRoute(pattern: string, pathname: string): boolean {
  return matchPath({ path: pattern, caseSensitive: true, end: true }, decodeSegments(pathname)) !== null;
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

/** The money account's query parameter of contracts to tick for paying (spec: comma-separated ids). */
export const ACCOUNT_CONTRACTS_PARAM = 'contracts';

/** `/auth/account` with these contracts ticked: where every 'Maksma' leads. */
export function accountPayUrl(contractIds: number | readonly number[]): string {
  const ids = typeof contractIds === 'number' ? [contractIds] : contractIds;
  return `/auth/account?${ACCOUNT_CONTRACTS_PARAM}=${ids.join(',')}`;
}

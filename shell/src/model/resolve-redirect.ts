import { matchesAny, loginUrlFor, PUBLIC_HOME, AUTH_HOME } from 'shared-kernel/platform';

export type SessionStatus = 'loading' | 'signedIn' | 'none';

/**
 * Where the shell must send the browser instead of the requested URL, or null to stay.
 * Unknown /public paths go to the front page, unknown /auth paths to the profile, and /auth
 * without a session to the sign-in page with the current path as goto.
 */
export function resolveRedirect(
  location: { pathname: string; search: string },
  session: SessionStatus,
  ownedRoutes: readonly string[],
): string | null {
  const { pathname, search } = location;
  if (pathname === '/' || pathname === '') return PUBLIC_HOME;
  if (pathname === '/auth' || pathname.startsWith('/auth/')) {
    if (session === 'loading') return null;
    if (session === 'none') return loginUrlFor(pathname + search);
    return matchesAny(ownedRoutes, pathname) ? null : AUTH_HOME;
  }
  if (matchesAny(ownedRoutes, pathname)) return null;
  return PUBLIC_HOME;
}

/** Which chrome wraps the page. */
export function chromeFor(pathname: string): 'auth' | 'public' {
  return pathname === '/auth' || pathname.startsWith('/auth/') ? 'auth' : 'public';
}

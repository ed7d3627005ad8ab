import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
// Test-only code: the route walker is not a name slices need at run time, so it stays out of shared-kernel/router.
// eslint-disable-next-line no-restricted-imports
import { createRoutesFromChildren, type RouteObject } from 'react-router';

function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent.replace(/\/$/, '')}/${r.path}`;
    return [...(r.path !== undefined && r.path !== '*' ? [own] : []), ...pathsOf(r.children ?? [], own)];
  });
}

/**
 * The path patterns a slice's `<Routes>` element routes (the `*` catch-all aside), sorted: a
 * slice's routes test compares them with its declaration (ADR 0028), so a `<Route>` the
 * declaration lacks, or a declared route no `<Route>` serves, fails in that slice's own tests.
 */
export function routedPaths(routes: ReactElement<{ children?: ReactNode }>): string[] {
  const children = Children.toArray(routes.props.children).filter(isValidElement);
  return pathsOf(createRoutesFromChildren(children)).sort();
}

/** A declaration's route patterns, sorted, for comparison with `routedPaths`. */
export function declaredPaths(slice: { routes: Record<string, string> }): string[] {
  return Object.values(slice.routes).sort();
}

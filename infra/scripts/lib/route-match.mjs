// Route patterns as react-router reads them (`:param`, trailing `*`), shared by the publish gate and
// the prerender's serving half without either importing the other (issue 26).
export const segments = (/** @type {string} */ p) => p.replace(/\/+$/, '').split('/').slice(1);
export const isParam = (/** @type {string} */ s) => s.startsWith(':');

/**
 * Whether a concrete nav target is served by a route pattern.
 * @param {string} pattern @param {string} to
 */
export function routeMatches(pattern, to) {
  const sp = segments(pattern);
  const st = segments(to.split(/[?#]/)[0]);
  for (let i = 0; ; i += 1) {
    const p = sp[i];
    const t = st[i];
    if (p === '*') return true;
    if (p === undefined || t === undefined) return p === t;
    if (!(p === t || (isParam(p) && t.length > 0))) return false;
  }
}

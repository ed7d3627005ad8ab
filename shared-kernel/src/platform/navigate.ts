/**
 * Cross-slice navigation is by URL. pushState is patched by single-spa, which re-routes and fires
 * a popstate so every mounted router (each slice has its own) sees the new location.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(window.history.state, '', to);
  else window.history.pushState(window.history.state, '', to);
  // Outside single-spa (tests, standalone dev) nobody else would tell the routers.
  if (!(window as unknown as { singleSpaNavigate?: unknown }).singleSpaNavigate) {
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }
}

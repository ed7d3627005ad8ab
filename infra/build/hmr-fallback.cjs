// Added to every entry of a dev-server build (remoteEntry.js included). Fast Refresh can only
// re-render with React's development build, which registers a renderer that supports refreshing.
// Inside a production shell (npm start with a per-browser override) there is none: an accepted
// hot update would change nothing on screen, so the page reloads instead and shows the new code.
/* eslint-disable no-undef */
if (module.hot) {
  const canRefresh = () => {
    const hook = typeof window === 'undefined' ? undefined : window.__REACT_DEVTOOLS_GLOBAL_HOOK__;
    if (!hook || !hook.renderers) return false;
    return [...hook.renderers.values()].some((r) => typeof r.scheduleRefresh === 'function');
  };
  module.hot.addStatusHandler((status) => {
    if (status === 'apply' && !canRefresh()) window.location.reload();
  });
}

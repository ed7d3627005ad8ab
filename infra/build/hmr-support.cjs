// Added to every entry of a dev-server build (the shell's main.js and each remoteEntry.js), right
// after React Fast Refresh's runtime entry. Two jobs, both about several webpack runtimes on one page:
//
// 1. Every federated build carries its own copy of the refresh runtime. Without the DevTools
//    extension, the runtime's stand-in hook does not list the renderers React registers, so a
//    copy that arrives after react-dom (every remote's) would never learn of it and its refresh
//    would re-render nothing. The first copy to run (the dev shell's, before React loads) makes
//    the hook list each renderer, which later copies read when they hook in.
// 2. Fast Refresh needs React's development build. Inside a production shell (npm start with a
//    per-browser override) there is no renderer that can refresh: an accepted hot update would
//    change nothing on screen, so the page reloads instead and shows the new code.
/* eslint-disable no-undef */
/** @returns {any} React's DevTools hook (the refresh runtime's stand-in), if any */
const devtoolsHook = () => (typeof window === 'undefined' ? undefined : /** @type {any} */ (window).__REACT_DEVTOOLS_GLOBAL_HOOK__);
/** @type {any} webpack's HMR API */
const hot = /** @type {any} */ (module).hot;

{
  const hook = devtoolsHook();
  if (hook && hook.renderers && !hook.__rendimeListsRenderers) {
    hook.__rendimeListsRenderers = true;
    const inject = hook.inject;
    hook.inject = function (/** @type {any} */ renderer) {
      const id = inject.apply(this, arguments);
      if (!hook.renderers.has(id)) hook.renderers.set(id, renderer);
      return id;
    };
  }
}
if (hot) {
  const canRefresh = () => {
    const hook = devtoolsHook();
    if (!hook || !hook.renderers) return false;
    return [...hook.renderers.values()].some((/** @type {any} */ r) => typeof r.scheduleRefresh === 'function');
  };
  hot.addStatusHandler((/** @type {string} */ status) => {
    if (status === 'apply' && !canRefresh()) window.location.reload();
  });
}

// The one definition of what every federated build shares. Shell and remotes all call this, so a
// singleton cannot be shared by one build and bundled by another (two Reacts on one page).
const path = require('node:path');

/** @typedef {{ singleton?: boolean, requiredVersion?: string | false, version?: string, import?: string | false, eager?: boolean, strictVersion?: boolean }} SharedConfig */

/** @param {string} pkg @param {string} fromDir @returns {string} */
function installedVersion(pkg, fromDir) {
  return require(require.resolve(`${pkg}/package.json`, { paths: [fromDir] })).version;
}

/** @param {string} version */
function caret(version) {
  const [major, minor] = version.split('.');
  return `^${major}.${minor}.0`;
}

const SINGLETONS = [
  'react',
  'react-dom',
  'zustand',
  '@emotion/react',
  'single-spa',
  // Form context (FormProvider in a slice, fields from shared-kernel/forms) needs one copy.
  'react-hook-form',
  // One QueryClient serves the page: its context and cache only meet across slices (and inside a
  // widget rendered in another slice's tree) when every build uses the same copy of the library.
  '@tanstack/react-query',
];
// zod is absent on purpose (ADR 0023): shared, it ships whole (73 KB brotli) where each build's
// tree-shaken copy is 24 KB, so two copies on a page still cost less than one shared.
// react-router is absent too (ADR 0023): the kernel's `shared-kernel/router` bundles the part the
// slices use, and that subpath is the singleton that keeps one router context per page.
// @chakra-ui/react is deliberately absent: shared whole it ships every component and recipe. Slices
// take Chakra from shared-kernel/ui (a singleton below), which carries only the parts it exports.

// shared-kernel/overlays (dialogs, accordions, tabs; ADR 0023 round 2) imports Chakra directly, so it
// only works on the Chakra copy that shared-kernel/ui (and its context) comes from: the shell's. The
// shell always provides it (an absolute `import` is provided even though the shell never imports
// it), a remote on the platform only consumes it (`import: false`, no copy of its own that could win
// with a higher kernel version), and a standalone remote, with no shell, bundles its own.
const KERNEL_OVERLAYS = 'shared-kernel/overlays';

// The kernel split by how it is shared (ADR 0030). Run-time singletons: one copy per page, provided by
// the shell, because they hold page state (session, event bus, query client, message catalogue, the
// UI system and its context, the router context, the platform's widget host and lifecycles).
const KERNEL_SINGLETONS = ['api', 'session', 'events', 'messages', 'ui', 'forms', 'platform', 'platform/standalone', 'router', 'zod'].map(
  (s) => `shared-kernel/${s}`,
);
// API contracts: zod schemas and the pure domain and Tallinn-time rules. They hold no state, so each
// build bundles the part it uses (tree-shaken) and versions it with its own release: a slice ships a
// new API field without a kernel release and a shell deploy. Never shared, never provided.
// The release manifest's zod schemas (platform/manifest) and the bank link (api/bank-link) are
// contracts too: stateless, and kept out of their singleton subpaths so the first paint needs no
// zod (issue 28).
const KERNEL_CONTRACTS = ['schemas', 'domain', 'time', 'platform/manifest', 'api/bank-link'].map((s) => `shared-kernel/${s}`);

/**
 * @param {string} packageDir the building package (its node_modules resolve the versions)
 * @param {'host'|'remote'|'standalone'} [role] who builds: the shell, a remote for the platform, a standalone remote
 * @returns {Record<string, SharedConfig>} the `shared` option of ModuleFederationPlugin
 */
function sharedDeps(packageDir, role = 'standalone') {
  /** @type {Record<string, SharedConfig>} */
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, packageDir);
    shared[name] = { singleton: true, requiredVersion: caret(version), version };
  }
  // Subpaths (react/jsx-runtime, react-dom/client, shared-kernel/api...) must be shared too, or each
  // build bundles its own copy of them.
  for (const name of ['react', 'react-dom']) {
    const version = installedVersion(name, packageDir);
    shared[`${name}/`] = { singleton: true, requiredVersion: caret(version), version };
  }
  const kernelVersion = installedVersion('shared-kernel', packageDir);
  // The kernel's singletons grow by minor versions (new exports): a slice built against 2.3 needs a
  // shell that provides at least 2.3, so the range is the minor it was built with (the publish gate
  // checks it). Each singleton subpath is named: a `shared-kernel/` prefix would share the contract
  // subpaths too, and a shared module ships whole and comes from whichever build loads first.
  for (const subpath of KERNEL_SINGLETONS)
    shared[subpath] = { singleton: true, requiredVersion: caret(kernelVersion), version: kernelVersion };
  // The shell provides every singleton a remote may consume, also those it never imports itself
  // (forms): an absolute `import` is provided whether used or not, so the page's copy is always the
  // shell's and never the first remote's to load (issue 27). Not the standalone platform: that one
  // is a remote's own dev harness and has no business in the shell's build.
  if (role === 'host') {
    for (const subpath of KERNEL_SINGLETONS) {
      if (subpath === 'shared-kernel/platform/standalone') continue;
      shared[subpath].import = require.resolve(subpath, { paths: [packageDir] });
    }
  }
  if (role === 'host') {
    const file = require.resolve(KERNEL_OVERLAYS, { paths: [packageDir] });
    shared[KERNEL_OVERLAYS] = { singleton: true, requiredVersion: caret(kernelVersion), version: kernelVersion, import: file };
  } else if (role === 'remote') {
    shared[KERNEL_OVERLAYS] = { singleton: true, requiredVersion: caret(kernelVersion), import: false };
  }
  return shared;
}

module.exports = {
  sharedDeps,
  SINGLETONS,
  KERNEL_OVERLAYS,
  KERNEL_SINGLETONS,
  KERNEL_CONTRACTS,
  installedVersion,
  kernelDir: path.resolve(__dirname, '../../shared-kernel'),
};

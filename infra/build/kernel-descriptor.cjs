// The kernel's descriptor schema (shared-kernel/src/platform/release-manifest.ts), for the build
// plugin and the publish gate: the one copy of the rules the shell parses the manifest with too
// (ADR 0036). Node needs tsx to load the TypeScript; under jest its own transform compiles it, and
// tsx's loader cannot hook jest's module registry (jest hands every module it loads a `jest`).
const path = require('node:path');

const KERNEL_FILE = path.resolve(__dirname, '../../shared-kernel/src/platform/release-manifest.ts');

// @ts-expect-error `jest` exists only as the module wrapper's parameter jest adds
const underJest = typeof jest !== 'undefined';

/** @typedef {{ descriptorProblems: (descriptor: unknown) => string[], RemoteLoadReport: unknown }} KernelDescriptor */
/** @type {KernelDescriptor | undefined} the kernel's descriptor module, loaded once */
let kernel;
/** @returns {KernelDescriptor} */
function loadKernel() {
  kernel ??= /** @type {KernelDescriptor} */ (underJest ? require(KERNEL_FILE) : require('tsx/cjs/api').require(KERNEL_FILE, __filename));
  return kernel;
}

/**
 * '<where> <rule>' texts for every way the descriptor breaks the kernel's schema; empty when valid.
 * @param {unknown} descriptor
 */
function descriptorProblems(descriptor) {
  return loadKernel().descriptorProblems(descriptor);
}

/** The kernel's RemoteLoadReport schema: what the shell reports and the page host counts (ADR 0040). */
function remoteLoadReportSchema() {
  return loadKernel().RemoteLoadReport;
}

module.exports = { descriptorProblems, remoteLoadReportSchema, KERNEL_FILE };

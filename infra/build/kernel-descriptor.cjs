// The kernel's descriptor schema (shared-kernel/src/platform/release-manifest.ts), for the build
// plugin and the publish gate: the one copy of the rules the shell parses the manifest with too
// (ADR 0036). Node needs tsx to load the TypeScript; under jest its own transform compiles it, and
// tsx's loader cannot hook jest's module registry (jest hands every module it loads a `jest`).
const path = require('node:path');

const KERNEL_FILE = path.resolve(__dirname, '../../shared-kernel/src/platform/release-manifest.ts');

let kernel;
function loadKernel() {
  if (!kernel) kernel = typeof jest === 'undefined' ? require('tsx/cjs/api').require(KERNEL_FILE, __filename) : require(KERNEL_FILE);
  return kernel;
}

/** '<where> <rule>' texts for every way the descriptor breaks the kernel's schema; empty when valid. */
function descriptorProblems(descriptor) {
  return loadKernel().descriptorProblems(descriptor);
}

module.exports = { descriptorProblems, KERNEL_FILE };

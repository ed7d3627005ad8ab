// Emits remote-descriptor.json next to the remote's mf-manifest.json: what the slice owns (routes,
// nav entries, widgets, events) plus its version and shared ranges. The registry turns it into a
// release-manifest entry, so nothing about a remote is compiled into the shell.
//
// The shell's build emits shell-descriptor.json instead: the versions of what it shares and the
// names each kernel subpath it provides exports. The registry's publish gate compares a candidate
// remote with it (ADR 0019), so a slice the live shell cannot serve is refused before it is live.
const webpack = require('webpack');
// The rules are the kernel's zod schema (ADR 0036), not a copy.
const { descriptorProblems } = require('./kernel-descriptor.cjs');

const KERNEL = 'shared-kernel';

/** The Module Federation version the builds use: a remote on the shell's runtime needs the same one. */
const FEDERATION_VERSION = (() => {
  const fs = require('node:fs');
  const path = require('node:path');
  let dir = path.dirname(require.resolve('@module-federation/enhanced'));
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== '@module-federation/enhanced'
  )
    dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
})();

/** `shared-kernel/src/<sub>/index.ts` (or a file of the kernel's exports map) → `shared-kernel/<sub>`. */
/** @param {string | undefined} resource */
function kernelRequestOf(resource) {
  if (!resource) return null;
  const m = /[\\/]shared-kernel[\\/]src[\\/](.+?)[\\/]index\.tsx?$/.exec(resource);
  return m ? `${KERNEL}/${m[1].replace(/\\/g, '/')}` : null;
}

/**
 * The kernel names a remote imports from a shared kernel subpath: `{ 'shared-kernel/ui': ['Button', ...] }`.
 * Found through the module graph: an import specifier whose module is a consume-shared module of a
 * kernel subpath. Namespace imports and re-exports are not listed (the smoke mount covers them).
 */
/** Every module, the ones scope hoisting merged into a concatenated module included. */
/** @param {Iterable<any>} modules webpack's modules (a concatenated one lists its parts in `modules`) @returns {Generator<any>} */
function* withConcatenated(modules) {
  for (const module of modules) {
    yield module;
    if (module.modules) yield* module.modules;
  }
}

/** @param {import('webpack').Compilation} compilation */
function kernelImportsOf(compilation) {
  const { moduleGraph } = compilation;
  /** @type {Record<string, Set<string>>} */
  const found = {};
  for (const module of withConcatenated(compilation.modules)) {
    for (const dep of module.dependencies ?? []) {
      if (dep.constructor?.name !== 'HarmonyImportSpecifierDependency') continue;
      // A ConsumeSharedModule when the import reaches a share: its options name the share key.
      const target = /** @type {any} */ (moduleGraph.getModule(dep));
      const shareKey = target?.options?.shareKey;
      if (typeof shareKey !== 'string' || !shareKey.startsWith(`${KERNEL}/`)) continue;
      const ids = typeof dep.getIds === 'function' ? dep.getIds(moduleGraph) : dep.ids;
      if (!ids || !ids[0] || ids[0] === 'default') continue;
      (found[shareKey] ??= new Set()).add(ids[0]);
    }
  }
  return Object.fromEntries(
    Object.entries(found)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, [...v].sort()]),
  );
}

/** The package a node_modules file belongs to (the last `node_modules/` segment: pnpm nests them). */
/** @param {string | undefined} resource */
function packageOf(resource) {
  const m = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(resource ?? '');
  return m && !m[1].startsWith('.') ? m[1].replace(/\\/g, '/') : null;
}

/**
 * What the build carries a copy of and runs itself: the kernel subpaths (by their index module) and
 * the packages reached from its entries without going through a shared module. A consume-shared
 * module's fallback is the build's own copy for when nobody provides one (standalone), so the walk
 * stops there; what it reaches is what the slice runs even on the platform (ADR 0030).
 */
/** @param {import('webpack').Compilation} compilation */
function bundledOf(compilation) {
  const { moduleGraph } = compilation;
  const seen = new Set();
  /** @type {any[]} webpack modules; `resource` is read where a module has one */
  const stack = [];
  for (const entry of compilation.entries.values()) {
    for (const dep of entry.dependencies) {
      const m = moduleGraph.getModule(dep);
      if (m) stack.push(m);
    }
  }
  const kernel = new Set();
  const packages = new Set();
  while (stack.length) {
    const module = stack.pop();
    if (seen.has(module)) continue;
    seen.add(module);
    const kind = module.constructor?.name;
    if (kind === 'ConsumeSharedModule' || kind === 'ProvideSharedModule') continue;
    const request = kernelRequestOf(module.resource);
    if (request) kernel.add(request);
    const pkg = packageOf(module.resource);
    if (pkg) packages.add(pkg);
    for (const c of moduleGraph.getOutgoingConnections(module)) if (c.module && !seen.has(c.module)) stack.push(c.module);
  }
  return { kernel: [...kernel].sort(), packages: [...packages].sort() };
}

class DescriptorPlugin {
  /**
   * @param {{ descriptor: Record<string, any>, version: string, shared: Record<string, any>, packageName: string, externalRuntime?: boolean }} o
   */
  constructor({ descriptor, version, shared, packageName, externalRuntime = false }) {
    this.options = { descriptor, version, shared, packageName, externalRuntime };
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { descriptor, version, shared, packageName, externalRuntime } = this.options;
    validateDescriptor(descriptor, packageName);
    compiler.hooks.thisCompilation.tap('DescriptorPlugin', (compilation) => {
      // Read before module concatenation merges the graph's modules.
      /** @type {{ kernel: string[], packages: string[] }} */
      let bundled = { kernel: [], packages: [] };
      compilation.hooks.finishModules.tap('DescriptorPlugin', () => {
        bundled = bundledOf(compilation);
      });
      compilation.hooks.processAssets.tap({ name: 'DescriptorPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const sharedRanges = Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, v.requiredVersion]));
        const body = JSON.stringify(
          {
            ...descriptor,
            version,
            builtAt: new Date().toISOString(),
            shared: sharedRanges,
            kernelImports: kernelImportsOf(compilation),
            // The gate refuses a build that carries its own copy of what the live shell provides.
            bundled,
            // The entry runs on the shell's federation runtime (ADR 0023); the gate checks the live shell provides it.
            ...(externalRuntime ? { federationRuntime: { external: true, version: FEDERATION_VERSION } } : {}),
          },
          null,
          2,
        );
        compilation.emitAsset('remote-descriptor.json', new webpack.sources.RawSource(body));
      });
    });
  }
}

class ShellDescriptorPlugin {
  /** @param {{ version: string, shared: Record<string, any>, contractsFile?: string }} o `contractsFile` exports `shellWidgets`, the widgets the shell renders */
  constructor({ version, shared, contractsFile }) {
    this.options = { version, shared, contractsFile };
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { version, shared, contractsFile } = this.options;
    // The widgets the shell consumes, by id and contract version (ADR 0039): the gate holds a
    // release of their provider against them. Read through tsx (the file imports the kernel's registry).
    /** @type {Record<string, number> | null} */
    let consumes = null;
    compiler.hooks.beforeCompile.tapPromise('ShellDescriptorPlugin', async () => {
      if (!contractsFile || consumes) return;
      const { tsImport } = await import('tsx/esm/api');
      const { shellWidgets } = await tsImport(contractsFile, __filename);
      consumes = Object.fromEntries(Object.values(shellWidgets).map((c) => [c.id, c.version]));
    });
    compiler.hooks.thisCompilation.tap('ShellDescriptorPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellDescriptorPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        // `react/` and `shared-kernel/` (subpath shares) provide the same package as `react`.
        /** @type {Record<string, string>} */
        const versions = {};
        for (const [key, v] of Object.entries(shared)) {
          versions[key.replace(/\/$/, '')] = v.version;
          // The kernel is shared subpath by subpath (its singletons, ADR 0030): one version for all.
          if (key.startsWith(`${KERNEL}/`)) versions[KERNEL] = v.version;
        }
        const provides = Object.keys(shared)
          .filter((k) => k.startsWith(`${KERNEL}/`))
          .sort();
        /** @type {Record<string, string[]>} */
        const exports = {};
        for (const module of withConcatenated(compilation.modules)) {
          const request = kernelRequestOf(module.resource);
          // Only what the shell provides is a contract with the remotes; the contract subpaths it
          // bundles for itself (schemas, domain) are its own business.
          if (!request || !provides.includes(request)) continue;
          const provided = compilation.moduleGraph.getProvidedExports(module);
          if (Array.isArray(provided)) exports[request] = [...provided].sort();
        }
        const body = JSON.stringify(
          {
            name: 'shell',
            version,
            builtAt: new Date().toISOString(),
            shared: versions,
            federationRuntime: { provides: true, version: FEDERATION_VERSION },
            kernel: {
              version: versions[KERNEL],
              provides,
              exports: Object.fromEntries(Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))),
            },
            ...(consumes ? { contracts: { widgets: { consumes } } } : {}),
          },
          null,
          2,
        );
        compilation.emitAsset('shell-descriptor.json', new webpack.sources.RawSource(body));
      });
    });
  }
}

/** @param {any} d the slice's remote.json @param {string} packageName */
function validateDescriptor(d, packageName) {
  const problems = descriptorProblems(d);
  if (d && d.name !== packageName) problems.unshift(`name must be ${packageName}`);
  if (problems.length) throw new Error(`remote.json of ${packageName}: ${problems.join('; ')}`);
}

module.exports = { DescriptorPlugin, ShellDescriptorPlugin, validateDescriptor };

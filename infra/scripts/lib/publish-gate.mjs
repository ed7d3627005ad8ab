// The publish gate (ADR 0019): what a candidate build of a remote must pass before the registry
// stores it and makes it live. Static checks first (descriptor, shared ranges against what the
// live shell provides, routes and nav ownership, kernel names), then a smoke mount of its `./app`
// in headless chromium against the live shell. A refused candidate changes nothing but the log.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import semver from 'semver';
import { isParam, routeMatches, segments } from './route-match.mjs';
import { artefactProblems } from './artefact-requirements.mjs';
import { contractProblems } from './contract-check.mjs';
import { buildServerEntry, smokeRender } from './smoke-render.mjs';
import {
  RegistryError,
  activate,
  entryUrl,
  isStored,
  logRefusal,
  readDescriptor,
  readManifest,
  storeBuild,
  versionOf,
} from './registry.mjs';

/** @typedef {import('./publish-gate.types.mjs').ShellDescriptor} ShellDescriptor */
/** @typedef {import('./registry.mjs').Manifest} Manifest */
/**
 * A candidate's remote-descriptor.json: read from the build, so nothing about it is known until
 * descriptorProblems has checked its shape; each check reads the fields it needs defensively.
 * @typedef {Record<string, any>} Candidate
 */

/** The shared packages a slice and the shell must agree on (single React and kernel; the router is in the kernel). */
export const REQUIRED_SHARED = ['react', 'react-dom', 'shared-kernel'];
/**
 * Packages a slice must not share on its own: they live inside a kernel subpath (ADR 0023), so a slice
 * sharing one was built against an older kernel and would bring a second copy whose context the
 * kernel's components (the router in the slice lifecycles) do not see.
 */
/** Kernel subpaths a platform remote never bundles (infra/build/shared-deps.cjs): only the shell's copy runs on its Chakra. */
export const SHELL_ONLY_KERNEL = ['shared-kernel/overlays'];
/** Kernel subpaths every build bundles for itself (API contracts, ADR 0030): never a shell's to provide. */
export const KERNEL_CONTRACTS = [
  'shared-kernel/schemas',
  'shared-kernel/domain',
  'shared-kernel/time',
  'shared-kernel/platform/manifest',
  'shared-kernel/api/bank-link',
];
/** Packages the shell's kernel provides through a subpath of its own (zod: the builders in use, ADR 0030). */
export const KERNEL_PROVIDED_PACKAGES = { zod: 'shared-kernel/zod', 'react-router': 'shared-kernel/router' };
export const KERNEL_OWNED = { 'react-router': 'shared-kernel/router' };
/** The kernel's RemoteDescriptor `embeds` (release-manifest.ts): a file in the version folder. */
const EMBED_FILE = /^[\w.-]+\.js$/;

/**
 * Embeds the descriptor declares but the build lacks (ADR 0025): the loader on owners' websites
 * would fetch a 404 from the live version, so such a build never goes live.
 * @param {Candidate | null | undefined} d @param {string} buildDir
 */
export function embedFileProblems(d, buildDir) {
  const embeds = d && typeof d.embeds === 'object' && d.embeds !== null ? d.embeds : {};
  return Object.entries(embeds)
    .filter(/** @returns {e is [string, string]} */ (e) => typeof e[1] === 'string' && EMBED_FILE.test(e[1]) && !e[1].startsWith('.'))
    .filter(([, file]) => {
      const p = path.join(buildDir, file);
      return !fs.existsSync(p) || !fs.statSync(p).isFile() || fs.statSync(p).size === 0;
    })
    .map(([name, file]) => `embed ${name}: ${file} is missing from the build`);
}

/** The shell descriptor its build emits (infra/build/descriptor-plugin.cjs, ShellDescriptorPlugin). */
/** @param {string} shellDist @returns {ShellDescriptor} */
export function readShellDescriptor(shellDist) {
  const file = path.join(shellDist, 'shell-descriptor.json');
  if (!fs.existsSync(file))
    throw new RegistryError(`${file} is missing: build the shell first (pnpm --filter shell run build)`, 'NO_SHELL');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// The descriptor's rules are the kernel's RemoteDescriptor schema, loaded through tsx (ADR 0036):
// the shell parses the manifest and the build plugin checks remote.json with the same one.
// Loaded synchronously, so importers of the gate need no top-level await.
const { descriptorProblems: kernelDescriptorProblems } = createRequire(import.meta.url)('../../build/kernel-descriptor.cjs');

/**
 * The kernel schema's problems, plus what only a candidate build has: its version, its shared ranges.
 * @param {any} d @param {string} [expectedName] @returns {string[]}
 */
export function descriptorProblems(d, expectedName) {
  const problems = kernelDescriptorProblems(d);
  const isObj = (/** @type {unknown} */ v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(d)) return problems;
  if (expectedName && typeof d.name === 'string' && d.name !== expectedName) problems.push(`the build is ${d.name}, not ${expectedName}`);
  if (typeof d.version !== 'string' || !semver.valid(d.version.split('+')[0])) problems.push('version must be a semver version');
  if (d.shared !== undefined && (!isObj(d.shared) || Object.values(d.shared).some((v) => typeof v !== 'string')))
    problems.push('shared must map packages to version ranges');
  return problems;
}

/**
 * Each shared range of the candidate against the version the live shell provides.
 * @param {Candidate} d @param {ShellDescriptor} shell
 */
export function sharedProblems(d, shell) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, string>} */
  const shared = d.shared ?? {};
  /** @type {Record<string, string>} */
  const provided = shell.shared ?? {};
  /** @type {Map<string, string[]>} */
  const declared = new Map();
  // `react/` is react; every kernel key (`shared-kernel/`, or one per singleton subpath since ADR 0030) is the one kernel version.
  const packageKey = (/** @type {string} */ key) => (key.startsWith('shared-kernel/') ? 'shared-kernel' : key.replace(/\/$/, ''));
  for (const [key, range] of Object.entries(shared)) declared.set(packageKey(key), [...(declared.get(packageKey(key)) ?? []), range]);
  for (const name of REQUIRED_SHARED) {
    if (!declared.has(name)) problems.push(`shares no ${name}: it would load a second copy next to the shell's`);
  }
  for (const [name, subpath] of Object.entries(KERNEL_OWNED)) {
    if (declared.has(name) && !provided[name])
      problems.push(
        `shares ${name}, which the live shell provides only through ${subpath}: rebuild against the kernel (a second router would not see the shell's)`,
      );
  }
  for (const [name, ranges] of declared) {
    const version = provided[name];
    if (!version) continue; // the shell does not share it: the slice brings its own copy
    for (const range of new Set(ranges)) {
      if (!semver.validRange(range)) problems.push(`${name}: "${range}" is not a version range`);
      else if (!semver.satisfies(version, range)) problems.push(`${name} ${range} is required, the live shell provides ${version}`);
    }
  }
  return problems;
}

/**
 * A remote built on the shell's federation runtime (ADR 0023: its entry carries no runtime core of its
 * own) only starts under a shell that puts one on the page, of the same Module Federation minor.
 * @param {Candidate} d @param {ShellDescriptor} shell
 */
export function runtimeProblems(d, shell) {
  const wanted = d.federationRuntime;
  if (!wanted?.external) return [];
  const provided = shell.federationRuntime;
  if (!provided?.provides)
    return ["runs on the shell's federation runtime, which the live shell does not provide (rebuild the shell first)"];
  if (
    typeof wanted.version === 'string' &&
    semver.valid(wanted.version) &&
    !semver.satisfies(provided.version ?? '0.0.0', `~${wanted.version.replace(/\.\d+$/, '.0')}`)
  ) {
    return [`runs on Module Federation ${wanted.version}'s runtime, the live shell provides ${provided.version ?? 'an unknown version'}`];
  }
  return [];
}

/**
 * Kernel names the candidate imports from a subpath the shell provides but that subpath lacks.
 * @param {Candidate} d @param {ShellDescriptor} shell
 */
export function kernelExportProblems(d, shell) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, string[] | undefined>} */
  const exported = shell.kernel?.exports ?? {};
  for (const [subpath, names] of Object.entries(d.kernelImports ?? {})) {
    const have = exported[subpath];
    if (!have && SHELL_ONLY_KERNEL.includes(subpath)) {
      problems.push(
        `imports ${subpath}, which only the shell provides and the live shell's kernel ${shell.kernel?.version ?? ''} does not (rebuild the shell first)`.replace(
          /\s+\(/,
          ' (',
        ),
      );
      continue;
    }
    if (!have || !Array.isArray(names)) continue; // not provided by the shell: the slice bundles that subpath
    const missing = names.filter((/** @type {string} */ n) => !have.includes(n));
    if (missing.length)
      problems.push(
        `imports ${missing.join(', ')} from ${subpath}, which the live shell's kernel ${shell.kernel?.version ?? ''} does not export`.replace(
          /\s+,/,
          ',',
        ),
      );
  }
  return problems;
}

/**
 * What the live shell provides, the candidate must not bring a copy of (ADR 0030): a second copy of a
 * kernel singleton (session, event bus, query client, UI system, router) or of a shared package splits
 * the page's state and costs its bytes again. Contract subpaths (schemas, domain, time) the shell does
 * not provide: a slice bundles them, and a new API field ships with the slice.
 * @param {Candidate} d @param {ShellDescriptor} shell
 */
export function bundledProblems(d, shell) {
  /** @type {string[]} */
  const problems = [];
  // A shell from before the split provides every subpath it uses, contracts included; a slice
  // bundling its own contracts still runs beside it (it never consumes the shell's copy).
  const provided = new Set(
    (shell.kernel?.provides ?? Object.keys(shell.kernel?.exports ?? {})).filter((s) => !KERNEL_CONTRACTS.includes(s)),
  );
  for (const subpath of d.bundled?.kernel ?? []) {
    if (provided.has(subpath))
      problems.push(
        `bundles its own copy of ${subpath}, which the live shell provides: share it (infra/build/shared-deps.cjs) so the page keeps one`,
      );
  }
  /** @type {Record<string, string>} */
  const shared = shell.shared ?? {};
  for (const pkg of /** @type {string[]} */ (d.bundled?.packages ?? [])) {
    if (pkg !== 'shared-kernel' && shared[pkg])
      problems.push(
        `bundles its own copy of ${pkg}, which the live shell provides: share it (infra/build/shared-deps.cjs) so the page keeps one`,
      );
    const owner = /** @type {Record<string, string>} */ (KERNEL_PROVIDED_PACKAGES)[pkg];
    if (owner && provided.has(owner))
      problems.push(
        `bundles its own copy of ${pkg}, which the live shell provides through ${owner}: import it from there so the page keeps one`,
      );
  }
  return problems;
}

/**
 * Whether two route patterns (react-router paths: `:param`, trailing `*`) can match the same path.
 * @param {string} a @param {string} b
 */
export function routesOverlap(a, b) {
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; ; i += 1) {
    const x = sa[i];
    const y = sb[i];
    if (x === '*' || y === '*') return true;
    if (x === undefined || y === undefined) return x === y;
    if (!(x === y || isParam(x) || isParam(y))) return false;
  }
}

export { routeMatches };

/**
 * Routes of the candidate that another live slice owns, and nav entries to paths it does not own.
 * @param {Candidate} d @param {Manifest} manifest
 */
export function routeProblems(d, manifest) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const routes = d.routes ?? [];
  for (const other of manifest.remotes ?? []) {
    if (other.name === d.name) continue;
    for (const r of routes) {
      const clash = (other.routes ?? []).find((o) => routesOverlap(r, o));
      if (clash) problems.push(`route ${r} collides with ${clash} of ${other.name}`);
    }
  }
  for (const n of d.nav ?? []) {
    if (typeof n?.to === 'string' && !routes.some((r) => routeMatches(r, n.to)))
      problems.push(`nav entry to ${n.to} points at a route ${d.name} does not own`);
  }
  for (const r of d.serverRoutes ?? []) {
    if (!routes.includes(r)) problems.push(`serverRoutes: ${r} is not one of the descriptor's routes`);
  }
  return problems;
}

/**
 * Every static check, in one list of reasons (empty: the candidate may go on to the smoke mount).
 * @param {any} descriptor @param {{ manifest: Manifest, shell: ShellDescriptor, expectedName?: string }} ctx
 * @returns {string[]}
 */
export function staticProblems(descriptor, { manifest, shell, expectedName }) {
  const shape = descriptorProblems(descriptor, expectedName);
  if (shape.length) return shape.map((p) => `invalid descriptor: ${p}`);
  return [
    ...sharedProblems(descriptor, shell),
    ...runtimeProblems(descriptor, shell),
    ...kernelExportProblems(descriptor, shell),
    ...bundledProblems(descriptor, shell),
    ...routeProblems(descriptor, manifest),
  ];
}

/**
 * Everything checked before the smoke mount (ADR 0039): the descriptor's static checks, then what
 * the build's own files require and expose (`remoteEntry.js`, `mf-manifest.json`), the widget and
 * event contracts against the live slices, and the embeds. One list of reasons; empty: go on.
 * @param {any} descriptor @param {string} buildDir @param {{ manifest: Manifest, shell: ShellDescriptor, expectedName?: string }} ctx
 */
export function candidateProblems(descriptor, buildDir, { manifest, shell, expectedName }) {
  const problems = staticProblems(descriptor, { manifest, shell, expectedName });
  if (problems.length && problems[0].startsWith('invalid descriptor:')) return problems;
  problems.push(...artefactProblems(descriptor, buildDir, shell), ...contractProblems(descriptor, manifest, shell));
  if (!problems.length) problems.push(...embedFileProblems(descriptor, buildDir));
  return [...new Set(problems)];
}

/**
 * The smoke render of the build's server entry, when it has one (ADR 0041): loaded in a fresh
 * process and asked for its sample pages within a budget; and it may render only routes the
 * descriptor declares. Reasons, empty when it passes (or has no server entry).
 * @param {Record<string, unknown>} descriptor @param {string} buildDir @param {{ budgetMs?: number }} [o]
 */
export async function serverEntryProblems(descriptor, buildDir, o = {}) {
  const declared = Array.isArray(descriptor.serverRoutes) ? descriptor.serverRoutes : [];
  // A declaration without its entry is a broken build or upload, not a slice that renders nothing.
  if (!buildServerEntry(buildDir))
    return declared.length ? [`smoke render: serverRoutes declares ${declared.join(', ')} but the build has no server/remoteEntry.js`] : [];
  const result = await smokeRender(buildDir, o);
  if (!result.ok) return result.problems.map((p) => `smoke render: ${p}`);
  const rendered = result.routes ?? [];
  return [
    ...rendered
      .filter((r) => !declared.includes(r))
      .map((r) => `smoke render: server/remoteEntry.js renders ${r}, which the descriptor's serverRoutes do not declare`),
    ...declared
      .filter((r) => !rendered.includes(r))
      .map((r) => `smoke render: serverRoutes declares ${r}, which server/remoteEntry.js does not render`),
  ];
}

/**
 * Publishes a build: gate, store, activate, log. A refusal throws a RegistryError with the reasons,
 * logs them, and leaves the manifest and the stored builds as they were.
 * @param {object} opts
 * @param {string} opts.registryDir
 * @param {string} opts.buildDir
 * @param {string} opts.origin where the remote's versions are served
 * @param {string} [opts.expectedName] the remote the caller means to publish
 * @param {string} [opts.shellDist] the live shell's build (shell-descriptor.json, and the smoke mount's shell)
 * @param {ShellDescriptor} [opts.shell] the shell descriptor itself (tests)
 * @param {import('./publish-gate.types.mjs').SmokeOption} [opts.smoke] run the smoke mount (options for it; `signedIn` as smokeMount takes it, else a sandbox API of its own)
 * @param {string} [opts.who]
 * @param {string} [opts.reason]
 */
export async function publishRelease({ registryDir, buildDir, origin, expectedName, shellDist, shell, smoke = false, who, reason = '' }) {
  const descriptor = readDescriptor(buildDir);
  // Refusals are logged under the remote the publisher named (the build may claim another).
  const name = expectedName ?? (typeof descriptor.name === 'string' ? descriptor.name : 'unknown');
  /** @type {string | null} */
  let version = null;
  /** @type {(code: string, problems: string[]) => never} */
  const refuse = (code, problems) => {
    const text = problems.join('; ');
    logRefusal(registryDir, { remote: name, version, reason: text, who });
    throw new RegistryError(`${name}${version ? `@${version}` : ''} refused: ${text}`, code, problems);
  };
  version = versionOf(buildDir, descriptor);
  if (isStored(registryDir, name, version)) {
    refuse('ALREADY_STORED', [
      `${name}@${version} is already stored; a stored version never changes (activate it, or publish a changed build)`,
    ]);
  }
  const manifest = readManifest(registryDir);
  const shellDescriptor = shell ?? readShellDescriptor(/** @type {string} */ (shellDist));
  const problems = candidateProblems(descriptor, buildDir, { manifest, shell: shellDescriptor, expectedName });
  if (problems.length) refuse('REFUSED', problems);
  const serverProblems = await serverEntryProblems(descriptor, buildDir, typeof smoke === 'object' ? smoke.render : undefined);
  if (serverProblems.length) refuse('SMOKE_FAILED', serverProblems);
  if (smoke) {
    const { smokeMount } = await import('./smoke-mount.mjs');
    const options = typeof smoke === 'object' ? smoke : {};
    // Signed-in routes are mounted against a sandbox API (ADR 0039): the caller's, or one started
    // for this publish (RENDIME_SMOKE_API_URL names a running one); `signedIn: false` skips them.
    let signedIn = options.signedIn;
    /** @type {(() => Promise<void>) | undefined} */
    let stopSandbox;
    let result;
    try {
      if (signedIn === undefined) {
        const { sandboxSignIn } = await import('./sandbox-api.mjs');
        const sandbox = sandboxSignIn();
        stopSandbox = sandbox.stop;
        signedIn = await sandbox.settings().catch((e) => refuse('SMOKE_FAILED', [`smoke mount: ${e instanceof Error ? e.message : e}`]));
      }
      result = await smokeMount({
        ...options,
        signedIn,
        registryDir,
        buildDir,
        // Its shape passed candidateProblems above.
        descriptor: /** @type {{ name: string, scope: string, routes: string[] }} */ (/** @type {unknown} */ (descriptor)),
        version,
        manifest,
        shellDist: /** @type {string} */ (shellDist),
      });
    } finally {
      await stopSandbox?.();
    }
    if (!result.ok)
      refuse(
        'SMOKE_FAILED',
        result.problems.map((p) => `smoke mount: ${p}`),
      );
  }
  storeBuild(registryDir, buildDir);
  // Compare-and-swap on the release the gate checked: a manifest changed meanwhile (another
  // slice took a route, say) is not overwritten with a verdict about an older one.
  const next = activate(registryDir, name, version, origin, { who, reason, action: 'publish', expectRelease: manifest.release });
  return { name, version, manifest: next, entry: entryUrl(origin, version) };
}

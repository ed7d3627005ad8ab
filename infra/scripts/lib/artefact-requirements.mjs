// What a build requires, read from the build itself (issue 27, ADR 0039): the descriptor is the
// build's word, `remoteEntry.js` and `mf-manifest.json` are what runs. A remote entry whose kernel
// range is ^3.2.0 behind a descriptor saying ^3.1.0 passed the gate and broke under a 3.1 shell; the
// gate now reads the ranges the federation runtime will use and refuses a mismatch.
//
// remoteEntry.js (@module-federation/enhanced, minified or not) carries one object per consumed
// shared module in its runtime: `{ ..., requiredVersion: "^19.3.0", ..., shareKey: "react" }`
// (`__webpack_require__.consumesLoadingData.moduleIdToConsumeDataMapping`). Those ranges are the
// ones the runtime checks against the shell's provided versions. mf-manifest.json lists the same
// shares (`shared[]`: name, version, requiredVersion) and the exposed modules (`exposes[].path`).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import semver from 'semver';

const require = createRequire(import.meta.url);

/** @typedef {any} SwcNode a node of @swc/core's syntax tree, read by its `type` */
/** @typedef {{ key: string, range: string | false }} Consumed */

/** A share key's package: `react/jsx-runtime` → react, `@emotion/react` → @emotion/react, `shared-kernel/ui` → shared-kernel. */
/** @param {string} key */
export function packageOfShareKey(key) {
  const parts = key.replace(/\/$/, '').split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The descriptor's range for a share key: its own key, else the longest `<package>/` prefix key covering it.
 * @param {Record<string, string> | undefined} shared @param {string} key
 * @returns {{ range: string, via: string, exact: boolean } | null}
 */
export function descriptorRangeOf(shared, key) {
  if (typeof shared?.[key] === 'string') return { range: shared[key], via: key, exact: true };
  const prefix = Object.keys(shared ?? {})
    .filter((k) => k.endsWith('/') && key.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return prefix && shared ? { range: shared[prefix], via: prefix, exact: false } : null;
}

/**
 * The value of an SWC literal node, or undefined (a computed value the gate cannot read).
 * @param {SwcNode} node @returns {string | boolean | undefined}
 */
function literal(node) {
  if (!node) return undefined;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'BooleanLiteral') return node.value;
  // `!1` and `!0`, as minifiers write false and true.
  if (node.type === 'UnaryExpression' && node.operator === '!' && node.argument?.type === 'NumericLiteral') return !node.argument.value;
  return undefined;
}

/** @param {SwcNode} key @returns {string | undefined} */
function keyName(key) {
  if (!key) return undefined;
  if (key.type === 'Identifier') return key.value;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}

/** An expose's loader in the container's module map: `"./app": () => Promise.all([...]).then(...)`. */
const isLoader = (/** @type {SwcNode} */ node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

/**
 * What a remote entry's code consumes and exposes, read from its syntax tree (key order, quoting and
 * minification do not matter).
 * - consumes: every object literal with a `shareKey` and a `requiredVersion` (false: any version).
 * - exposes: the keys of the container's module map, the object its `get(module)` looks modules up
 *   in (`var moduleMap = { "./app": () => ..., "./booking-panel": () => ... }`): every object literal
 *   whose keys are all `./` strings and whose values are all loader functions. These are the names
 *   the federation runtime answers; a name missing here fails at runtime with 'Module "./x" does
 *   not exist in container', whatever mf-manifest.json and the descriptor say (issue 27, finding A).
 * @param {string} code
 * @returns {{ consumes: Consumed[], exposes: string[] }}
 */
export function readRemoteEntry(code) {
  const { parseSync } = require('@swc/core');
  const ast = parseSync(code, { syntax: 'ecmascript', target: 'es2022' });
  /** @type {{ key: string, range: string | false }[]} */
  const consumes = [];
  /** @type {Set<string>} */
  const exposes = new Set();
  const seen = new Set();
  /** @type {(node: SwcNode) => void} */
  const walk = (node) => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (node.type === 'ObjectExpression') {
      const props = new Map();
      for (const p of node.properties ?? []) if (p.type === 'KeyValueProperty') props.set(keyName(p.key), p.value);
      if (props.has('shareKey') && props.has('requiredVersion')) {
        const key = literal(props.get('shareKey'));
        const range = literal(props.get('requiredVersion'));
        if (typeof key === 'string' && (typeof range === 'string' || range === false) && !seen.has(`${key}\0${range}`)) {
          seen.add(`${key}\0${range}`);
          consumes.push({ key, range });
        }
      }
      const all = node.properties ?? [];
      if (
        all.length > 0 &&
        all.every(
          (/** @type {SwcNode} */ p) =>
            p.type === 'KeyValueProperty' && p.key?.type === 'StringLiteral' && p.key.value.startsWith('./') && isLoader(p.value),
        )
      ) {
        for (const p of all) exposes.add(p.key.value);
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'span' && v && typeof v === 'object') walk(v);
  };
  walk(ast);
  return { consumes, exposes: [...exposes] };
}

/**
 * The consumed shares of a remote entry's code (see readRemoteEntry).
 * @param {string} code
 */
export function consumesOfRemoteEntry(code) {
  return readRemoteEntry(code).consumes;
}

/**
 * The requirements and exposed modules a build's own files state.
 * @param {string} buildDir
 * @returns {{ problems: string[], entryFile: string, entry: Consumed[], entryExposes: string[], manifest: { key: string, range: string }[], exposes: string[] }}
 */
export function readArtefactRequirements(buildDir) {
  /** @type {string[]} */
  const problems = [];
  /** @type {any} the build's mf-manifest.json, read field by field */
  let mf = null;
  try {
    mf = JSON.parse(fs.readFileSync(path.join(buildDir, 'mf-manifest.json'), 'utf8'));
  } catch (e) {
    problems.push(
      `mf-manifest.json cannot be read (${e instanceof Error ? e.message.split('\n')[0] : e}): the gate reads the build's requirements from it`,
    );
  }
  if (mf && !Array.isArray(mf.shared))
    problems.push("mf-manifest.json lists no shared modules: the gate reads the build's requirements from it");
  if (mf && !Array.isArray(mf.exposes)) problems.push('mf-manifest.json lists no exposed modules');
  const manifest = (Array.isArray(mf?.shared) ? mf.shared : [])
    .filter((/** @type {any} */ s) => typeof s?.name === 'string' && typeof s.requiredVersion === 'string')
    .map((/** @type {{ name: string, requiredVersion: string }} */ s) => ({ key: s.name, range: s.requiredVersion }));
  const exposes = (Array.isArray(mf?.exposes) ? mf.exposes : [])
    .map((/** @type {any} */ e) => e?.path)
    .filter((/** @type {unknown} */ p) => typeof p === 'string');
  const remoteEntry = mf?.metaData?.remoteEntry;
  const entryFile = path.posix.join(
    typeof remoteEntry?.path === 'string' ? remoteEntry.path : '',
    typeof remoteEntry?.name === 'string' ? remoteEntry.name : 'remoteEntry.js',
  );
  /** @type {Consumed[]} */
  let entry = [];
  /** @type {string[]} */
  let entryExposes = [];
  const entryPath = path.resolve(buildDir, entryFile);
  if (!entryPath.startsWith(`${path.resolve(buildDir)}${path.sep}`) || !fs.existsSync(entryPath)) {
    problems.push(`${entryFile} is missing from the build`);
  } else {
    try {
      ({ consumes: entry, exposes: entryExposes } = readRemoteEntry(fs.readFileSync(entryPath, 'utf8')));
    } catch (e) {
      problems.push(`${entryFile} cannot be parsed (${e instanceof Error ? e.message.split('\n')[0].slice(0, 200) : e})`);
    }
  }
  return { problems, entryFile, entry, entryExposes, manifest, exposes };
}

/**
 * The modules a descriptor says its build exposes: `./app`, its widgets, and the widgets its contracts provide.
 * @param {any} descriptor a candidate's, read field by field
 */
export function declaredExposes(descriptor) {
  const name = typeof descriptor?.name === 'string' ? descriptor.name : '';
  const widgets = descriptor?.widgets && typeof descriptor.widgets === 'object' ? Object.keys(descriptor.widgets) : [];
  const provides = descriptor?.contracts?.widgets?.provides;
  const provided =
    provides && typeof provides === 'object'
      ? Object.keys(provides)
          .filter((id) => id.startsWith(`${name}/`))
          .map((id) => `./${id.slice(name.length + 1)}`)
      : [];
  return [...new Set(['./app', ...widgets, ...provided])];
}

/**
 * The build's own requirements against its descriptor and the live shell. Reasons name the module
 * and both ranges: 'shared-kernel/ui: remoteEntry.js requires ^3.2.0, the descriptor says ^3.1.0'.
 * @param {any} descriptor @param {string} buildDir @param {any} shell the live shell's descriptor
 */
export function artefactProblems(descriptor, buildDir, shell) {
  const read = readArtefactRequirements(buildDir);
  const problems = [...read.problems];
  const shared = descriptor.shared ?? {};
  const provided = shell?.shared ?? {};
  /** @type {(file: string, key: string, range: string | false) => void} */
  const shellProblem = (file, key, range) => {
    const pkg = packageOfShareKey(key);
    const version = provided[pkg];
    if (!version || range === false) return; // not provided by the shell: the build brings its own copy
    if (!semver.validRange(range)) problems.push(`${key}: ${file} requires "${range}", which is not a version range`);
    else if (!semver.satisfies(version, range))
      problems.push(`${key}: ${file} requires ${range}, the live shell provides ${pkg} ${version}`);
  };
  // The runtime's ranges: each must be the descriptor's, or the descriptor hides a requirement.
  if (!read.problems.length && read.entry.length === 0 && Object.keys(shared).length > 0) {
    problems.push(
      `${read.entryFile} consumes no shared module although the descriptor shares ${Object.keys(shared).length}: it is not this build's entry`,
    );
  }
  for (const { key, range } of read.entry) {
    const declared = descriptorRangeOf(shared, key);
    if (!declared)
      problems.push(`${key}: ${read.entryFile} requires ${range === false ? 'any version' : range}, the descriptor does not share it`);
    else if (declared.range !== (range === false ? '*' : range))
      problems.push(
        `${key}: ${read.entryFile} requires ${range}, the descriptor says ${declared.range}${declared.exact ? '' : ` (for ${declared.via})`}`,
      );
    else continue; // the descriptor's range; the shared-range check judged it against the shell
    shellProblem(read.entryFile, key, range);
  }
  // mf-manifest.json: a share configured by its own key must carry the descriptor's range. A subpath
  // under a `<package>/` prefix share is written with `^<installed version>` by the manifest plugin
  // (it knows no range for the subpath), so it is only held against the shell.
  for (const { key, range } of read.manifest) {
    const declared = descriptorRangeOf(shared, key);
    if (declared?.exact && declared.range !== range)
      problems.push(`${key}: mf-manifest.json requires ${range}, the descriptor says ${declared.range}`);
    if (declared?.range !== range) shellProblem('mf-manifest.json', key, range);
  }
  // Every module the descriptor says the build exposes (its app, its widgets, the widgets its
  // contracts provide: `mf-booking/booking-panel` is `./booking-panel`) is in the build: in
  // mf-manifest.json, and in remoteEntry.js, whose module map is what a consumer's
  // `loadRemote('mf_booking/booking-panel')` is answered from (issue 27, finding A).
  if (!read.problems.length) {
    for (const expose of declaredExposes(descriptor)) {
      if (!read.exposes.includes(expose))
        problems.push(
          `${expose}: the descriptor declares it but the build exposes no such module (mf-manifest.json exposes ${read.exposes.join(', ') || 'nothing'})`,
        );
      if (!read.entryExposes.includes(expose))
        problems.push(
          `${read.entryFile} does not expose ${expose}, which the descriptor declares (it exposes ${read.entryExposes.join(', ') || 'nothing'})`,
        );
    }
  }
  return [...new Set(problems)];
}

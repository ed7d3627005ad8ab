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

/** A share key's package: `react/jsx-runtime` → react, `@emotion/react` → @emotion/react, `shared-kernel/ui` → shared-kernel. */
export function packageOfShareKey(key) {
  const parts = key.replace(/\/$/, '').split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The descriptor's range for a share key: its own key, else the longest `<package>/` prefix key covering it. */
export function descriptorRangeOf(shared, key) {
  if (typeof shared?.[key] === 'string') return { range: shared[key], via: key, exact: true };
  const prefix = Object.keys(shared ?? {})
    .filter((k) => k.endsWith('/') && key.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? { range: shared[prefix], via: prefix, exact: false } : null;
}

/** The value of an SWC literal node, or undefined (a computed value the gate cannot read). */
function literal(node) {
  if (!node) return undefined;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'BooleanLiteral') return node.value;
  // `!1` and `!0`, as minifiers write false and true.
  if (node.type === 'UnaryExpression' && node.operator === '!' && node.argument?.type === 'NumericLiteral') return !node.argument.value;
  return undefined;
}

function keyName(key) {
  if (!key) return undefined;
  if (key.type === 'Identifier') return key.value;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}

/**
 * The consumed shares of a remote entry's code: every object literal with a `shareKey` and a
 * `requiredVersion` (false: any version). Parsed, not pattern-matched, so key order and quoting do not matter.
 * @returns {{ key: string, range: string | false }[]}
 */
export function consumesOfRemoteEntry(code) {
  const { parseSync } = require('@swc/core');
  const ast = parseSync(code, { syntax: 'ecmascript', target: 'es2022' });
  /** @type {{ key: string, range: string | false }[]} */
  const out = [];
  const seen = new Set();
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
          out.push({ key, range });
        }
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'span' && v && typeof v === 'object') walk(v);
  };
  walk(ast);
  return out;
}

/**
 * The requirements and exposed modules a build's own files state.
 * @returns {{ problems: string[], entryFile: string, entry: { key: string, range: string | false }[], manifest: { key: string, range: string }[], exposes: string[] }}
 */
export function readArtefactRequirements(buildDir) {
  const problems = [];
  let mf = null;
  try {
    mf = JSON.parse(fs.readFileSync(path.join(buildDir, 'mf-manifest.json'), 'utf8'));
  } catch (e) {
    problems.push(`mf-manifest.json cannot be read (${e instanceof Error ? e.message.split('\n')[0] : e}): the gate reads the build's requirements from it`);
  }
  if (mf && !Array.isArray(mf.shared)) problems.push('mf-manifest.json lists no shared modules: the gate reads the build\'s requirements from it');
  if (mf && !Array.isArray(mf.exposes)) problems.push('mf-manifest.json lists no exposed modules');
  const manifest = (Array.isArray(mf?.shared) ? mf.shared : [])
    .filter((s) => typeof s?.name === 'string' && typeof s.requiredVersion === 'string')
    .map((s) => ({ key: s.name, range: s.requiredVersion }));
  const exposes = (Array.isArray(mf?.exposes) ? mf.exposes : []).map((e) => e?.path).filter((p) => typeof p === 'string');
  const remoteEntry = mf?.metaData?.remoteEntry;
  const entryFile = path.posix.join(typeof remoteEntry?.path === 'string' ? remoteEntry.path : '', typeof remoteEntry?.name === 'string' ? remoteEntry.name : 'remoteEntry.js');
  let entry = [];
  const entryPath = path.resolve(buildDir, entryFile);
  if (!entryPath.startsWith(`${path.resolve(buildDir)}${path.sep}`) || !fs.existsSync(entryPath)) {
    problems.push(`${entryFile} is missing from the build`);
  } else {
    try {
      entry = consumesOfRemoteEntry(fs.readFileSync(entryPath, 'utf8'));
    } catch (e) {
      problems.push(`${entryFile} cannot be parsed (${e instanceof Error ? e.message.split('\n')[0].slice(0, 200) : e})`);
    }
  }
  return { problems, entryFile, entry, manifest, exposes };
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
  const shellProblem = (file, key, range) => {
    const pkg = packageOfShareKey(key);
    const version = provided[pkg];
    if (!version || range === false) return; // not provided by the shell: the build brings its own copy
    if (!semver.validRange(range)) problems.push(`${key}: ${file} requires "${range}", which is not a version range`);
    else if (!semver.satisfies(version, range)) problems.push(`${key}: ${file} requires ${range}, the live shell provides ${pkg} ${version}`);
  };
  // The runtime's ranges: each must be the descriptor's, or the descriptor hides a requirement.
  if (!read.problems.length && read.entry.length === 0 && Object.keys(shared).length > 0) {
    problems.push(`${read.entryFile} consumes no shared module although the descriptor shares ${Object.keys(shared).length}: it is not this build's entry`);
  }
  for (const { key, range } of read.entry) {
    const declared = descriptorRangeOf(shared, key);
    if (!declared) problems.push(`${key}: ${read.entryFile} requires ${range === false ? 'any version' : range}, the descriptor does not share it`);
    else if (declared.range !== (range === false ? '*' : range)) problems.push(`${key}: ${read.entryFile} requires ${range}, the descriptor says ${declared.range}${declared.exact ? '' : ` (for ${declared.via})`}`);
    else continue; // the descriptor's range; the shared-range check judged it against the shell
    shellProblem(read.entryFile, key, range);
  }
  // mf-manifest.json: a share configured by its own key must carry the descriptor's range. A subpath
  // under a `<package>/` prefix share is written with `^<installed version>` by the manifest plugin
  // (it knows no range for the subpath), so it is only held against the shell.
  for (const { key, range } of read.manifest) {
    const declared = descriptorRangeOf(shared, key);
    if (declared?.exact && declared.range !== range) problems.push(`${key}: mf-manifest.json requires ${range}, the descriptor says ${declared.range}`);
    if (declared?.range !== range) shellProblem('mf-manifest.json', key, range);
  }
  // Every module the descriptor says the build exposes (its app, its widgets) is in the build.
  if (!read.problems.length) {
    for (const expose of ['./app', ...Object.keys(descriptor.widgets ?? {})]) {
      if (!read.exposes.includes(expose)) problems.push(`${expose}: the descriptor declares it but the build exposes no such module (mf-manifest.json exposes ${read.exposes.join(', ') || 'nothing'})`);
    }
  }
  return [...new Set(problems)];
}

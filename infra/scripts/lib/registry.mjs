// The release registry: every published build of a remote lives in <registry>/<remote>/<version>/
// and the release manifest says which version of each remote is live. Publishing or rolling back
// one remote rewrites one manifest entry and touches no other build.
import fs from 'node:fs';
import path from 'node:path';

export function manifestPath(registryDir) {
  return path.join(registryDir, 'release-manifest.json');
}

export function readManifest(registryDir) {
  const file = manifestPath(registryDir);
  if (!fs.existsSync(file)) return { release: '0', createdAt: new Date(0).toISOString(), remotes: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function writeManifest(registryDir, manifest) {
  fs.mkdirSync(registryDir, { recursive: true });
  const tmp = `${manifestPath(registryDir)}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(manifest, null, 2));
  fs.renameSync(tmp, manifestPath(registryDir)); // atomic: a reader never sees half a manifest
}

/** Copies a remote's build output into the registry under its version. */
export function storeBuild(registryDir, buildDir) {
  const descriptor = JSON.parse(fs.readFileSync(path.join(buildDir, 'remote-descriptor.json'), 'utf8'));
  const target = path.join(registryDir, descriptor.name, descriptor.version);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  fs.cpSync(buildDir, target, { recursive: true });
  return descriptor;
}

export function listVersions(registryDir, name) {
  const dir = path.join(registryDir, name);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((v) => fs.existsSync(path.join(dir, v, 'remote-descriptor.json')));
}

/** Makes <name>@<version> (already stored) the live one. */
export function activate(registryDir, name, version, origin) {
  const descriptorFile = path.join(registryDir, name, version, 'remote-descriptor.json');
  if (!fs.existsSync(descriptorFile)) throw new Error(`${name}@${version} is not in the registry (${listVersions(registryDir, name).join(', ') || 'no versions'})`);
  const descriptor = JSON.parse(fs.readFileSync(descriptorFile, 'utf8'));
  const manifest = readManifest(registryDir);
  const entry = {
    name: descriptor.name,
    scope: descriptor.scope,
    version: descriptor.version,
    entry: `${origin}/${encodeURIComponent(version)}/mf-manifest.json`,
    routes: descriptor.routes,
    nav: descriptor.nav ?? [],
    widgets: descriptor.widgets ?? {},
    events: descriptor.events ?? {},
    devPort: descriptor.devPort,
    shared: descriptor.shared ?? {},
  };
  const remotes = manifest.remotes.filter((r) => r.name !== name);
  remotes.push(entry);
  remotes.sort((a, b) => a.name.localeCompare(b.name));
  const next = { release: String(Number(manifest.release || 0) + 1), createdAt: new Date().toISOString(), remotes };
  writeManifest(registryDir, next);
  return next;
}

/** Points a manifest entry at another origin (a team's local dev server, for example). */
export function override(registryDir, name, entryUrl) {
  const manifest = readManifest(registryDir);
  const remote = manifest.remotes.find((r) => r.name === name);
  if (!remote) throw new Error(`${name} is not in the release manifest`);
  remote.entry = entryUrl;
  remote.version = `${remote.version}+override`;
  writeManifest(registryDir, { ...manifest, release: String(Number(manifest.release) + 1), createdAt: new Date().toISOString() });
}

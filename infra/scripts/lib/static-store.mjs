// The content-addressed static store (ADR 0035): a version's built files under
// <root>/<remote>/<version>/, served as they are under the CDN base URL. A stored version never
// changes (its name carries the hash of its content, ADR 0019). The folder is the implementation
// for the local platform and for a CDN that serves a mounted volume; an S3-compatible bucket is the
// intended production one, behind the same three functions.
import fs from 'node:fs';
import path from 'node:path';
import { storeBuild } from './registry.mjs';

/**
 * @typedef {object} StaticStore
 * @property {string} root a folder holding <remote>/<version>/ (the gate's smoke mount serves from it)
 * @property {(remote: string, version: string) => boolean} has
 * @property {(buildDir: string) => { name: string, version: string, stored: boolean }} put stores a build under its content version; a stored one is never replaced
 * @property {(cdnBase: string, remote: string, version: string) => string} entryUrl
 */

/** @param {string} root @returns {StaticStore} */
export function folderStaticStore(root) {
  fs.mkdirSync(root, { recursive: true });
  return {
    root,
    has: (remote, version) => fs.existsSync(path.join(root, remote, version, 'remote-descriptor.json')),
    // Same content, same version: a second put of it (a retried publish) reuses the stored copy.
    put: (buildDir) => storeBuild(root, buildDir, { ifStored: 'reuse' }),
    entryUrl: (cdnBase, remote, version) =>
      `${cdnBase.replace(/\/$/, '')}/${remote}/${encodeURIComponent(version).replace(/%2B/gi, '+')}/mf-manifest.json`,
  };
}

#!/usr/bin/env node
// Release tooling for one team's slice:
//   node infra/scripts/registry.mjs publish mf-messaging [--build-dir DIR]   store a build and make it live
//   node infra/scripts/registry.mjs activate mf-messaging 1.0.0              roll forward or back
//   node infra/scripts/registry.mjs override mf-messaging http://localhost:5005/mf-manifest.json
//                                  prints how to load that build in ONE browser (the manifest is not touched)
//   node infra/scripts/registry.mjs list
import path from 'node:path';
import { platformConfig, repoRoot, REMOTES } from './lib/config.mjs';
import { storeBuild, activate, readManifest, listVersions } from './lib/registry.mjs';
import { overrideInstructions, overrideProblem } from './lib/override-link.mjs';

const [cmd, name, arg] = process.argv.slice(2);
const cfg = platformConfig();

function requireRemote() {
  if (!REMOTES.includes(name)) {
    console.error(`unknown remote "${name}"; one of ${REMOTES.join(', ')}`);
    process.exit(2);
  }
}

switch (cmd) {
  case 'publish': {
    requireRemote();
    const flag = process.argv.indexOf('--build-dir');
    const buildDir = flag > 0 ? path.resolve(process.argv[flag + 1]) : path.join(repoRoot, name, 'dist');
    const d = storeBuild(cfg.registryDir, buildDir);
    activate(cfg.registryDir, name, d.version, cfg.remoteOrigin(name));
    console.log(`published ${name}@${d.version}`);
    break;
  }
  case 'activate':
    requireRemote();
    activate(cfg.registryDir, name, arg, cfg.remoteOrigin(name));
    console.log(`${name}@${arg} is live`);
    break;
  case 'override': {
    // Per browser since issue 14: rewriting the shared manifest switched every visitor (ADR 0021).
    requireRemote();
    const problem = arg ? overrideProblem(arg) : 'usage: registry.mjs override <remote> <mf-manifest.json URL>';
    if (problem) {
      console.error(`the shell would refuse this override: ${problem}`);
      process.exit(2);
    }
    console.log(overrideInstructions(cfg.shellOrigin, name, arg));
    break;
  }
  case 'list': {
    const m = readManifest(cfg.registryDir);
    for (const r of REMOTES) {
      const live = m.remotes.find((x) => x.name === r);
      console.log(`${r}: live ${live ? live.version : '-'}; stored ${listVersions(cfg.registryDir, r).join(', ') || '-'}`);
    }
    break;
  }
  default:
    console.error('usage: registry.mjs publish|activate|override|list ...');
    process.exit(2);
}

#!/usr/bin/env node
// Release tooling for one team's slice (ADR 0002, ADR 0019):
//   node infra/scripts/registry.mjs publish mf-messaging [--build-dir DIR] [--no-smoke] [--by NAME] [--reason TEXT]
//       gate (descriptor, shared ranges vs the live shell, routes, nav, smoke mount), store, make live
//   node infra/scripts/registry.mjs activate mf-messaging 1.0.0+3f2a9c01d4 [--expect-release N]   roll forward or back
//   node infra/scripts/registry.mjs rollback mf-messaging          back to the version live before
//   node infra/scripts/registry.mjs override mf-messaging http://localhost:5005/mf-manifest.json
//       prints how to load that build in ONE browser (the manifest is not touched, ADR 0021)
//   node infra/scripts/registry.mjs prerender [--shell-dist DIR]   the front page's snapshot for the live release (ADR 0024)
//   node infra/scripts/registry.mjs list | log [remote]
// publish, activate and rollback prerender the new release as well (--no-prerender skips it).
// A refusal prints its reasons and exits 1; the manifest and the stored builds stay as they were.
import path from 'node:path';
import { platformConfig, repoRoot, REMOTES } from './lib/config.mjs';
import { RegistryError, activate, rollback, readManifest, listVersions, readLog } from './lib/registry.mjs';
import { overrideInstructions, overrideProblem } from './lib/override-link.mjs';
import { publishRelease } from './lib/publish-gate.mjs';
import { prerenderLive } from './lib/prerender-live.mjs';

const args = process.argv.slice(2);
const flag = (n) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--build-dir', '--by', '--reason', '--expect-release', '--shell-dist'].includes(args[i - 1])));
const [cmd, name, arg] = positional;
const cfg = platformConfig();
const who = flag('--by');
const reason = flag('--reason');
const expectRelease = flag('--expect-release');
const shellDist = flag('--shell-dist') ? path.resolve(String(flag('--shell-dist'))) : path.join(repoRoot, 'shell/dist');

/**
 * The front page's snapshot for the release now live (ADR 0024). A failure is reported but does
 * not undo the release: the shell's server then serves the page without a snapshot.
 */
async function prerender() {
  if (args.includes('--no-prerender')) return;
  for (const r of await prerenderLive({ registryDir: cfg.registryDir, shellDist })) {
    if (r.problem) console.error(`prerender of ${r.path} failed (served without a snapshot): ${r.problem}`);
    else console.log(`prerendered ${r.path}${r.reused ? ' (unchanged, reused)' : ` in ${r.ms} ms`}`);
  }
}

function requireRemote() {
  if (!REMOTES.includes(name)) {
    console.error(`unknown remote "${name}"; one of ${REMOTES.join(', ')}`);
    process.exit(2);
  }
}

/** An exact stored version, or a package version that names exactly one stored build. */
function resolveVersion(v) {
  const stored = listVersions(cfg.registryDir, name);
  if (!v) throw new RegistryError(`which version? stored: ${stored.join(', ') || 'none'}`, 'USAGE');
  if (stored.includes(v)) return v;
  const candidates = stored.filter((s) => s.split('+')[0] === v);
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) throw new RegistryError(`${v} names several stored builds of ${name}: ${candidates.join(', ')}`, 'AMBIGUOUS');
  return v; // activate says it is not stored
}

async function main() {
  switch (cmd) {
    case 'publish': {
      requireRemote();
      const buildDir = flag('--build-dir') ? path.resolve(String(flag('--build-dir'))) : path.join(repoRoot, name, 'dist');
      const r = await publishRelease({
        registryDir: cfg.registryDir,
        buildDir,
        origin: cfg.remoteOrigin(name),
        expectedName: name,
        shellDist,
        smoke: !args.includes('--no-smoke'),
        who,
        reason,
      });
      console.log(`published ${name}@${r.version} (release ${r.manifest.release})`);
      await prerender();
      break;
    }
    case 'activate': {
      requireRemote();
      const version = resolveVersion(arg);
      const m = activate(cfg.registryDir, name, version, cfg.remoteOrigin(name), { who, reason, expectRelease });
      console.log(`${name}@${version} is live (release ${m.release})`);
      await prerender();
      break;
    }
    case 'rollback': {
      requireRemote();
      const m = rollback(cfg.registryDir, name, cfg.remoteOrigin(name), { who, reason, expectRelease });
      console.log(`${name}@${m.remotes.find((r) => r.name === name)?.version} is live again (release ${m.release})`);
      await prerender();
      break;
    }
    case 'prerender': {
      await prerender();
      break;
    }
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
      console.log(`release ${m.release} (${m.createdAt})`);
      for (const r of REMOTES) {
        const live = m.remotes.find((x) => x.name === r);
        console.log(`${r}: live ${live ? live.version : '-'}; fallbacks ${live?.fallbacks?.map((f) => f.version).join(', ') || '-'}; stored ${listVersions(cfg.registryDir, r).join(', ') || '-'}`);
      }
      break;
    }
    case 'log':
      for (const l of readLog(cfg.registryDir).filter((l) => !name || l.remote === name)) {
        console.log(`${l.release}\t${l.at}\t${l.who}\t${l.action}\t${l.remote}\t${l.version ?? '-'}\t(was ${l.previousVersion ?? '-'})\t${l.reason}`);
      }
      break;
    default:
      console.error('usage: registry.mjs publish|activate|rollback|override|list|log ...');
      process.exit(2);
  }
}

main().catch((e) => {
  if (e instanceof RegistryError) {
    console.error(e.message);
    process.exit(1);
  }
  console.error(e);
  process.exit(1);
});

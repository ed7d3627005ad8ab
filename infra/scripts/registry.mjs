#!/usr/bin/env node
// Release tooling for one team's slice (ADR 0002, ADR 0019):
//   node infra/scripts/registry.mjs publish mf-messaging [--build-dir DIR] [--no-smoke] [--smoke-api URL] [--by NAME] [--reason TEXT]
//       gate (descriptor, the build's own requirements and contracts vs the live shell and slices,
//       routes, nav, smoke mount anonymous and signed in), store, make live. The signed-in routes are
//       mounted against the sandbox API at --smoke-api / RENDIME_SMOKE_API_URL, else one started
//       for the publish (ADR 0039); RENDIME_SMOKE_USER/RENDIME_SMOKE_PASSWORD, else the demo renter.
//   node infra/scripts/registry.mjs activate mf-messaging 1.0.0+3f2a9c01d4 [--expect-release N]   roll forward or back
//   node infra/scripts/registry.mjs activate mf-messaging 1.1.0+9c0e2b7a11 --canary 10
//       the version goes to 10 % of release sessions beside the live one; browsers' reports promote
//       it or roll it back (ADR 0040)
//   node infra/scripts/registry.mjs rollback mf-messaging          back to the last healthy version live before
//       (with a canary running: ends the canary)
//   node infra/scripts/registry.mjs override mf-messaging http://localhost:5005/mf-manifest.json
//       prints how to load that build in ONE browser (the manifest is not touched, ADR 0021)
//   node infra/scripts/registry.mjs prerender [--shell-dist DIR]   the front page's snapshot for the live release (ADR 0024)
//   node infra/scripts/registry.mjs list | log [remote]
// publish, activate and rollback prerender the new release as well (--no-prerender skips it).
// A refusal prints its reasons and exits 1; the manifest and the stored builds stay as they were.
//
// Against the registry service (ADR 0035), from anywhere: add --registry <url> --token <team token>
//   publish <remote> [--build-dir DIR] [--no-smoke (administrator token only)] [--reason TEXT] [--canary <percent>]
//   activate <remote> <version> [--canary <percent>] | rollback <remote> | list | log [remote] | health <remote>
//   token create <team> --slices mf-a,mf-b | token revoke <id>     (administrator token)
import path from 'node:path';
import { platformConfig, repoRoot, REMOTES } from './lib/config.mjs';
import { RegistryError, activate, canaryPercentProblem, rollback, readManifest, listVersions, readLog } from './lib/registry.mjs';
import { overrideInstructions, overrideProblem } from './lib/override-link.mjs';
import { publishRelease } from './lib/publish-gate.mjs';
import { prerenderLive } from './lib/prerender-live.mjs';

const args = process.argv.slice(2);
const flag = (/** @type {string} */ n) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter(
  (a, i) =>
    !a.startsWith('--') &&
    !(
      i > 0 &&
      [
        '--build-dir',
        '--by',
        '--reason',
        '--expect-release',
        '--shell-dist',
        '--registry',
        '--token',
        '--slices',
        '--canary',
        '--smoke-api',
      ].includes(args[i - 1])
    ),
);
const [cmd, name, arg] = positional;
const cfg = platformConfig();
const who = flag('--by');
const reason = flag('--reason');
const expectRelease = flag('--expect-release');
/** `--canary <percent>`: a whole number 1-99, checked here so a typo never makes a version live for everyone. */
const canaryFlag = () => {
  if (!args.includes('--canary')) return undefined;
  const raw = String(flag('--canary') ?? '');
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (canaryPercentProblem(n)) throw new RegistryError(`--canary ${raw || '(nothing)'}: a canary goes to 1-99 % of sessions`, 'USAGE');
  return n;
};
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
/** @param {string | undefined} v */
function resolveVersion(v) {
  const stored = listVersions(cfg.registryDir, name);
  if (!v) throw new RegistryError(`which version? stored: ${stored.join(', ') || 'none'}`, 'USAGE');
  if (stored.includes(v)) return v;
  const candidates = stored.filter((s) => s.split('+')[0] === v);
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) throw new RegistryError(`${v} names several stored builds of ${name}: ${candidates.join(', ')}`, 'AMBIGUOUS');
  return v; // activate says it is not stored
}

/** `; canary <version> to <n> %` while one runs (ADR 0040). */
const canaryText = (/** @type {import('./lib/registry.mjs').ManifestRemote | undefined} */ r) =>
  r?.canaryRelease ? `; canary ${r.canaryRelease.version} to ${r.canaryRelease.percent} %` : '';

/** The same commands through the registry service; the service's token names who did it. */
/** @param {string} registry */
async function remoteMain(registry) {
  const { registryClient } = await import('./lib/registry-client.mjs');
  const client = registryClient({ registry, token: flag('--token') ?? process.env.RENDIME_REGISTRY_TOKEN });
  switch (cmd) {
    case 'publish': {
      requireRemote();
      if (flag('--smoke-api')) process.env.RENDIME_SMOKE_API_URL = String(flag('--smoke-api'));
      const buildDir = flag('--build-dir') ? path.resolve(String(flag('--build-dir'))) : path.join(repoRoot, name, 'dist');
      const canary = canaryFlag();
      const r = await client.publish(name, buildDir, { smoke: !args.includes('--no-smoke'), reason, canary });
      console.log(
        canary
          ? `published ${name}@${r.version} as a canary to ${canary} % of sessions (release ${r.release}) from ${r.entry}`
          : `published ${name}@${r.version} (release ${r.release}) from ${r.entry}`,
      );
      break;
    }
    case 'activate': {
      requireRemote();
      const canary = canaryFlag();
      const r = await client.activate(name, arg, { expectRelease, reason, canary });
      console.log(
        canary
          ? `${name}@${r.version} goes to ${canary} % of sessions (release ${r.release})`
          : `${name}@${r.version} is live (release ${r.release})`,
      );
      break;
    }
    case 'rollback': {
      requireRemote();
      const r = await client.rollback(name, { expectRelease, reason });
      console.log(`${name}@${r.version} is live again (release ${r.release})`);
      break;
    }
    case 'health': {
      requireRemote();
      const h = await client.health(name);
      console.log(
        `${name}: live ${h.live ?? '-'}${h.canary ? `; canary ${h.canary.version} to ${h.canary.percent} % since ${h.canary.since}` : ''}`,
      );
      for (const [v, t] of Object.entries(h.versions))
        console.log(`${v}\t${t.status ?? 'unknown'}\t${t.failed} of ${t.ok + t.failed} sessions failed`);
      break;
    }
    case 'list': {
      const m = await client.manifest();
      console.log(`release ${m.release} (${m.createdAt})`);
      for (const r of m.remotes)
        console.log(
          `${r.name}: live ${r.version}${canaryText(r)}; fallbacks ${r.fallbacks?.map((/** @type {{ version: string }} */ f) => f.version).join(', ') || '-'}`,
        );
      break;
    }
    case 'log':
      for (const l of await client.log(name)) {
        console.log(
          `${l.release}\t${l.at}\t${l.team ?? l.who}\t${l.action}${l.noSmoke ? ' (no smoke mount)' : ''}\t${l.remote}\t${l.version ?? '-'}\t(was ${l.previousVersion ?? '-'})\t${l.reason}`,
        );
      }
      break;
    case 'token':
      if (name === 'create') {
        const t = await client.createToken(
          arg,
          String(flag('--slices') ?? '')
            .split(',')
            .filter(Boolean),
        );
        console.log(`token for team ${t.team} (${t.slices.join(', ')}), id ${t.id}; shown once:\n${t.token}`);
      } else if (name === 'revoke') {
        await client.revokeToken(arg);
        console.log(`token ${arg} revoked`);
      } else throw new RegistryError('usage: registry.mjs token create <team> --slices mf-a,mf-b | token revoke <id>', 'USAGE');
      break;
    default:
      console.error('usage: registry.mjs publish|activate|rollback|list|log|health|token ... --registry <url> --token <t>');
      process.exit(2);
  }
}

async function main() {
  const registry = flag('--registry');
  if (registry) return remoteMain(registry);
  switch (cmd) {
    case 'publish': {
      requireRemote();
      // The folder registry's publish makes the build live for everyone; never let --canary be ignored.
      if (args.includes('--canary'))
        throw new RegistryError(
          'publish --canary needs the registry service (--registry <url>); with the folder registry publish, then activate <version> --canary <percent>',
          'USAGE',
        );
      if (flag('--smoke-api')) process.env.RENDIME_SMOKE_API_URL = String(flag('--smoke-api'));
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
      const canary = canaryFlag();
      const m = activate(cfg.registryDir, name, version, cfg.remoteOrigin(name), { who, reason, expectRelease, canary });
      console.log(
        canary
          ? `${name}@${version} goes to ${canary} % of sessions (release ${m.release})`
          : `${name}@${version} is live (release ${m.release})`,
      );
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
        console.log(
          `${r}: live ${live ? live.version : '-'}${canaryText(live)}; fallbacks ${live?.fallbacks?.map((f) => f.version).join(', ') || '-'}; stored ${listVersions(cfg.registryDir, r).join(', ') || '-'}`,
        );
      }
      break;
    }
    case 'log':
      for (const l of readLog(cfg.registryDir).filter((l) => !name || l.remote === name)) {
        console.log(
          `${l.release}\t${l.at}\t${l.who}\t${l.action}\t${l.remote}\t${l.version ?? '-'}\t(was ${l.previousVersion ?? '-'})\t${l.reason}`,
        );
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

// The registry service (ADR 0035): the one place a team's CI releases a slice from, over HTTP.
// publish (artefact + descriptor, through the publish gate of ADR 0019), activate, rollback and the
// log, each with a team token scoped to the slices the team owns. The releases live in a
// RegistryStore (PostgreSQL in production), the built files in a StaticStore served as the CDN.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { REMOTES } from './config.mjs';
import { MAX_FALLBACKS, RegistryError, manifestEntry, readDescriptor, versionOf, withCanary } from './registry.mjs';
import { issuesText } from './release-health.mjs';
import { candidateProblems, readShellDescriptor, serverEntryProblems } from './publish-gate.mjs';

/** @typedef {import('fastify').FastifyRequest} Request */
/** @typedef {import('fastify').FastifyReply} Reply */
/** @typedef {import('./registry.mjs').ManifestRemote} ManifestRemote */
/** @typedef {import('./registry.mjs').ManifestFallback} ManifestFallback */

/**
 * Why an administrator token must not be used (null when it may): shorter than 32 characters, or
 * still the placeholder of infra/deploy/k8s/secret.yaml.
 * @param {string} token
 */
export function adminTokenProblem(token) {
  if (/REPLACE|change-me/i.test(token))
    return 'RENDIME_REGISTRY_ADMIN_TOKEN is still the placeholder from infra/deploy (secret.yaml): set at least 32 random characters';
  if (token.length < 32) return `RENDIME_REGISTRY_ADMIN_TOKEN must be at least 32 characters, got ${token.length}`;
  return null;
}

/** How a token is kept: only its SHA-256, so a leaked table publishes nothing. */
export const hashToken = (/** @type {string} */ token) => crypto.createHash('sha256').update(String(token)).digest('hex');

export function newToken() {
  return `rrt_${crypto.randomBytes(24).toString('base64url')}`;
}

/** @type {Record<string, number>} */
const STATUS = { CONFLICT: 409, ALREADY_STORED: 409, NOT_STORED: 404, NOT_LIVE: 404, NO_PREVIOUS: 409, USAGE: 400, BAD_ARTEFACT: 400 };

/**
 * Files of an uploaded artefact, written under `dir`; a path leaving it is refused.
 * @param {string} dir @param {unknown} files the request's, checked here
 */
function writeArtefact(dir, files) {
  if (!Array.isArray(files) || files.length === 0) throw new RegistryError('the artefact has no files', 'BAD_ARTEFACT');
  for (const f of files) {
    const rel = String(f?.path ?? '');
    const target = path.resolve(dir, rel);
    if (!rel || path.isAbsolute(rel) || !target.startsWith(`${dir}${path.sep}`))
      throw new RegistryError(`artefact path ${rel} leaves the build`, 'BAD_ARTEFACT');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, Buffer.from(String(f.data ?? ''), 'base64'));
  }
}

// Input that reaches the store or the file system is checked here, so a bad request is a 400 that
// says what is wrong and never a 500 from below (issue 27, finding E): PostgreSQL refuses a NUL
// byte in text, the file system a NUL in a path, and a path that is both a file and a folder.
/** ASCII control characters (NUL included): in no version and no file name of a build. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A registry version: semver, with the content hash as build metadata (`1.4.0+0a1b2c3d4e`). */
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
const Version = z
  .string({ error: 'must be a version such as 1.4.0+0a1b2c3d4e' })
  .min(1, 'must be a version such as 1.4.0+0a1b2c3d4e')
  .max(80, 'must be at most 80 characters')
  .regex(VERSION, 'must be a version such as 1.4.0+0a1b2c3d4e');

/** Why a release was made, for the log (a JSON line or a jsonb row: no NUL and no other control character but tab and newline). */
const Reason = z
  .string({ error: 'must be a text' })
  .max(500, 'must be at most 500 characters')
  .refine((r) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(r), 'must not contain control characters')
  .default('');

/** One file of an uploaded build: a relative path (no control characters, no over-long name) and its bytes in base64. */
const ArtefactFile = z.object({
  path: z
    .string({ error: 'must be a relative file path' })
    .min(1, 'must be a relative file path')
    .max(500, 'must be at most 500 characters')
    .refine((p) => !CONTROL.test(p), 'must not contain control characters')
    .refine((p) => p.split('/').every((part) => Buffer.byteLength(part) <= 200), 'has a name longer than 200 bytes'),
  data: z.string({ error: 'must be base64' }).default(''),
});

/** The paths of an artefact, normalised ('a/./b' is 'a/b'); a path listed twice or both a file and a folder is refused. */
const ArtefactFiles = z
  .array(ArtefactFile, { error: 'must be a list of { path, data }' })
  .min(1, 'the artefact has no files')
  .superRefine((files, ctx) => {
    const paths = files.map((f) => path.posix.normalize(f.path).replace(/\/+$/, ''));
    const seen = new Set();
    for (const p of paths) {
      if (seen.has(p)) ctx.addIssue({ code: 'custom', message: `${p} is listed twice` });
      seen.add(p);
    }
    for (const p of paths) {
      const parts = p.split('/');
      for (let i = 1; i < parts.length; i += 1) {
        const folder = parts.slice(0, i).join('/');
        if (seen.has(folder)) ctx.addIssue({ code: 'custom', message: `${folder} is both a file and the folder of ${p}` });
      }
    }
  });

/** What `publish` takes: the build's files; `smoke: false` (administrators) skips the smoke mount. */
const PublishBody = z.object({
  files: ArtefactFiles,
  smoke: z.boolean({ error: 'must be true or false' }).optional(),
  reason: Reason,
  /** Publish as a canary to this share of sessions beside the live version (ADR 0040), not live for everyone. */
  canary: z
    .number({ error: 'a canary goes to 1-99 % of sessions' })
    .int('a canary goes to 1-99 % of sessions')
    .min(1, 'a canary goes to 1-99 % of sessions')
    .max(99, 'a canary goes to 1-99 % of sessions')
    .optional(),
});

/** What `activate` takes: a stored version, and with `canary` the share of sessions to try it on first (ADR 0040). */
const ActivateBody = z.object({
  version: Version,
  expectRelease: z.union([z.string().max(20), z.number().int().nonnegative()]).optional(),
  reason: Reason,
  canary: z.number().int().min(1, 'a canary goes to 1-99 % of sessions').max(99, 'a canary goes to 1-99 % of sessions').optional(),
});
const RollbackBody = z.object({
  expectRelease: z.union([z.string().max(20), z.number().int().nonnegative()]).optional(),
  reason: Reason,
});

/**
 * The body parsed by `schema`, or a 400 that says what is wrong.
 * @template T @param {z.ZodType<T>} schema @param {Request} req @returns {T}
 */
function bodyOf(schema, req) {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success) throw new RegistryError(`bad request: ${issuesText(parsed.error)}`, 'USAGE');
  return parsed.data;
}

/**
 * @param {ManifestRemote | undefined} previous @param {string} version @param {Set<string>} [unhealthy]
 * @returns {ManifestFallback[]}
 */
function fallbacksAfter(previous, version, unhealthy = new Set()) {
  /** @type {ManifestFallback[]} */
  const list = [];
  if (previous && previous.version !== version && !String(previous.version).endsWith('+override'))
    list.push({ version: previous.version, entry: previous.entry });
  for (const f of previous?.fallbacks ?? []) list.push(f);
  const seen = new Set([version]);
  // A version browsers reported unhealthy is no fallback (ADR 0040).
  return list.filter((f) => !seen.has(f.version) && seen.add(f.version) && !unhealthy.has(f.version)).slice(0, MAX_FALLBACKS);
}

/**
 * @param {object} o
 * @param {import('./registry-store.mjs').RegistryStore} o.store
 * @param {import('./static-store.mjs').StaticStore} o.staticStore
 * @param {string} o.cdnBase the URL the static store is served under
 * @param {string} o.shellDist the live shell's build (its descriptor; the smoke mount's shell)
 * @param {string} [o.adminToken] the bootstrap administrator token (kept as its hash only)
 * @param {(o: { signedIn: import('./smoke-mount.types.mjs').SignedIn | false, [k: string]: unknown }) => Promise<{ ok: boolean, problems: string[] }>} [o.smokeMount]
 * @param {{ settings: () => Promise<{ apiUrl: string, username: string, password: string }>, stop: () => Promise<void> } | null} [o.signIn]
 *   the sandbox API and test user of the signed-in smoke mount (ADR 0039); by default
 *   RENDIME_SMOKE_API_URL or a sandbox API the service starts on its first publish (none when a
 *   test passes its own smokeMount)
 */
export async function buildRegistryService({ store, staticStore, cdnBase, shellDist, adminToken, smokeMount, signIn }) {
  const adminHash = adminToken ? hashToken(adminToken) : null;
  const app = Fastify({ logger: false, bodyLimit: 200 * 1024 * 1024 });
  const sandbox = signIn !== undefined ? signIn : smokeMount ? null : (await import('./sandbox-api.mjs')).sandboxSignIn();
  app.addHook('onClose', async () => sandbox?.stop());

  /** The token record of each request, checked once on arrival (the onRequest hook below). */
  const checked = new WeakMap();

  /** The caller's token record, or a 401 already sent. @param {Request} req @param {Reply} reply */
  async function caller(req, reply) {
    if (checked.has(req)) return checked.get(req);
    const token = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!token)
      return void reply.code(401).send({ code: 'NO_TOKEN', message: 'a registry token is required (Authorization: Bearer <token>)' });
    const hash = hashToken(token);
    if (adminHash && hash.length === adminHash.length && crypto.timingSafeEqual(Buffer.from(hash), Buffer.from(adminHash))) {
      return { id: 'admin', team: 'admin', slices: [...REMOTES], admin: true, hash };
    }
    const t = await store.tokenByHash(hash);
    if (!t) return void reply.code(401).send({ code: 'BAD_TOKEN', message: 'unknown or revoked registry token' });
    return t;
  }

  /**
   * The token's record when it may change `remote`; else the refusal is logged and answered 403.
   * @param {Request} req @param {Reply} reply @param {string} remote @param {string} action
   */
  async function mayRelease(req, reply, remote, action) {
    if (!REMOTES.includes(remote)) return void reply.code(404).send({ code: 'UNKNOWN_REMOTE', message: `unknown remote ${remote}` });
    const t = await caller(req, reply);
    if (!t) return undefined;
    if (t.admin || t.slices.includes(remote)) return t;
    await store.log({ action: 'deny', remote, who: t.team, team: t.team, reason: `${action}: team ${t.team} does not own ${remote}` });
    return void reply
      .code(403)
      .send({ code: 'FORBIDDEN', message: `team ${t.team} may not release ${remote} (its slices: ${t.slices.join(', ') || 'none'})` });
  }

  /** @param {Request} req @param {Reply} reply */
  async function mustBeAdmin(req, reply) {
    const t = await caller(req, reply);
    if (!t) return undefined;
    if (t.admin) return t;
    return void reply.code(403).send({ code: 'FORBIDDEN', message: 'an administrator token is required' });
  }

  // The token is checked when the request arrives, before its body is read (issue 27, finding G):
  // an anonymous or forged publish is answered 401 without the service taking in (up to) 200 MB
  // and parsing it. Only the manifest and the health check are public; an unknown route 404s.
  const PUBLIC = new Set(['/health', '/release-manifest.json']);
  app.addHook('onRequest', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route || PUBLIC.has(route)) return undefined;
    const t = await caller(req, reply);
    if (!t) return reply;
    checked.set(req, t);
    return undefined;
  });

  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof RegistryError) {
      const status = STATUS[error.code] ?? 422;
      return reply.code(status).send({ code: error.code, message: error.message, problems: error.problems });
    }
    const e = /** @type {any} */ (error);
    const status = e.statusCode ?? 500;
    if (status >= 500) console.error('[registry]', error);
    return reply.code(status).send({ code: 'ERROR', message: status >= 500 ? 'registry error' : String(e.message) });
  });

  app.get('/health', async () => ({ ok: true, store: store.kind }));
  app.get('/release-manifest.json', async () => store.readManifest());
  app.get('/log', async (req, reply) => {
    if (!(await caller(req, reply))) return reply;
    return store.readLog(/** @type {any} */ (req.query).remote);
  });

  app.post('/tokens', async (req, reply) => {
    if (!(await mustBeAdmin(req, reply))) return reply;
    const body = /** @type {any} */ (req.body) ?? {};
    const team = String(body.team ?? '').trim();
    const slices = Array.isArray(body.slices) ? body.slices.map(String) : [];
    if (!/^[a-z][a-z0-9-]{1,40}$/.test(team) || !slices.length || slices.some((/** @type {string} */ s) => !REMOTES.includes(s))) {
      return reply.code(400).send({ code: 'USAGE', message: `a team name (lowercase) and slices among ${REMOTES.join(', ')}` });
    }
    const token = newToken();
    const id = crypto.randomUUID();
    await store.addToken({ id, team, slices, admin: body.admin === true, hash: hashToken(token) });
    // The only time the token is shown; the store keeps its hash.
    return reply.code(201).send({ id, team, slices, token });
  });
  app.delete('/tokens/:id', async (req, reply) => {
    if (!(await mustBeAdmin(req, reply))) return reply;
    const ok = await store.revokeToken(/** @type {any} */ (req.params).id);
    return reply.code(ok ? 204 : 404).send();
  });

  app.post('/remotes/:remote/publish', async (req, reply) => {
    const { remote } = /** @type {any} */ (req.params);
    const t = await mayRelease(req, reply, remote, 'publish');
    if (!t) return reply;
    const body = bodyOf(PublishBody, req);
    const smoke = body.smoke !== false;
    if (!smoke && !t.admin) {
      await store.log({
        action: 'deny',
        remote,
        who: t.team,
        team: t.team,
        reason: 'publish without the smoke mount needs an administrator token',
      });
      return reply.code(403).send({ code: 'FORBIDDEN', message: 'skipping the smoke mount needs an administrator token' });
    }
    const reason = body.reason;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-artefact-'));
    /** @type {string | null} */
    let version = null;
    /** @type {(code: string, problems: string[]) => Promise<never>} */
    const refuse = async (code, problems) => {
      await store.log({ action: 'refuse', remote, version, who: t.team, team: t.team, reason: problems.join('; ') });
      throw new RegistryError(`${remote}${version ? `@${version}` : ''} refused: ${problems.join('; ')}`, code, problems);
    };
    try {
      writeArtefact(dir, body.files);
      const descriptor = readDescriptor(dir);
      version = versionOf(dir, descriptor);
      if (await store.hasVersion(remote, version))
        await refuse('ALREADY_STORED', [
          `${remote}@${version} is already stored; a stored version never changes (activate it, or publish a changed build)`,
        ]);
      const manifest = await store.readManifest();
      if (body.canary !== undefined && !manifest.remotes.some((r) => r.name === remote)) {
        throw new RegistryError(`${remote} is not live: a canary needs a live version beside it (publish without --canary)`, 'NOT_LIVE');
      }
      const problems = candidateProblems(descriptor, dir, { manifest, shell: readShellDescriptor(shellDist), expectedName: remote });
      if (problems.length) await refuse('REFUSED', problems);
      const serverProblems = await serverEntryProblems(descriptor, dir);
      if (serverProblems.length) await refuse('SMOKE_FAILED', serverProblems);
      if (smoke) {
        const mount = smokeMount ?? (await import('./smoke-mount.mjs')).smokeMount;
        /** @type {{ apiUrl: string, username: string, password: string } | false} */
        let signedIn = false;
        if (sandbox) {
          try {
            signedIn = await sandbox.settings();
          } catch (e) {
            await refuse('SMOKE_FAILED', [`smoke mount: ${e instanceof Error ? e.message : e}`]);
          }
        }
        const result = await mount({
          registryDir: staticStore.root,
          buildDir: dir,
          descriptor: /** @type {any} */ (descriptor),
          version,
          manifest,
          shellDist,
          signedIn,
        });
        if (!result.ok)
          await refuse(
            'SMOKE_FAILED',
            result.problems.map((p) => `smoke mount: ${p}`),
          );
      }
      const stored = /** @type {any} */ (staticStore.put(dir));
      const entry = staticStore.entryUrl(cdnBase, remote, version);
      const unhealthy = await store.unhealthyVersions(remote);
      const next = await store.commit(
        {
          expectRelease: manifest.release,
          log: {
            who: t.team,
            team: t.team,
            reason: reason || (body.canary ? `canary to ${body.canary} % of sessions` : ''),
            noSmoke: !smoke,
          },
          version: { remote, version, descriptor: stored },
        },
        (m) => {
          // Set above, before anything was stored.
          const storedVersion = /** @type {string} */ (version);
          const previous = m.remotes.find((r) => r.name === remote);
          if (body.canary !== undefined && previous) {
            // As `activate` with a canary does: the live version stays, the new one goes to that share of sessions.
            return {
              remotes: [
                ...m.remotes.filter((r) => r.name !== remote),
                withCanary(previous, /** @type {any} */ (manifestEntry(stored, storedVersion, entry, [])), body.canary),
              ],
              logEntry: { action: 'canary', remote, version, previousVersion: previous.version },
            };
          }
          return {
            remotes: [
              ...m.remotes.filter((r) => r.name !== remote),
              manifestEntry(stored, storedVersion, entry, fallbacksAfter(previous, storedVersion, unhealthy)),
            ],
            logEntry: { action: 'publish', remote, version, previousVersion: previous?.version ?? null },
          };
        },
      );
      return { remote, version, release: next.release, entry, ...(body.canary ? { canary: body.canary } : {}) };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /**
   * Makes a stored version live; `rollbackFrom` names the version being rolled back (kept out of the fallbacks).
   * @param {any} t @param {string} remote @param {string} version
   * With `canary` (a percent) the version goes to that share of sessions beside the live one (ADR 0040).
   * @param {{ expectRelease?: string | number, reason: string, action: string, rollbackFrom?: string, canary?: number }} o
   */
  async function makeLive(t, remote, version, { expectRelease, reason, action, rollbackFrom, canary }) {
    if (!(await store.hasVersion(remote, version)) || !staticStore.has(remote, version)) {
      throw new RegistryError(`${remote}@${version} is not stored`, 'NOT_STORED');
    }
    const descriptor = JSON.parse(fs.readFileSync(path.join(staticStore.root, remote, version, 'remote-descriptor.json'), 'utf8'));
    const entry = staticStore.entryUrl(cdnBase, remote, version);
    const unhealthy = await store.unhealthyVersions(remote);
    return store.commit(
      { expectRelease, log: { who: t.team, team: t.team, reason: reason || (canary ? `canary to ${canary} % of sessions` : '') } },
      (m) => {
        const previous = m.remotes.find((r) => r.name === remote);
        if (canary !== undefined) {
          if (!previous)
            throw new RegistryError(`${remote} is not live: a canary needs a live version beside it (activate it instead)`, 'NOT_LIVE');
          if (previous.version === version) throw new RegistryError(`${remote}@${version} is live already`, 'USAGE');
          return {
            remotes: [
              ...m.remotes.filter((r) => r.name !== remote),
              withCanary(previous, /** @type {any} */ (manifestEntry(descriptor, version, entry, [])), canary),
            ],
            logEntry: { action: 'canary', remote, version, previousVersion: previous.version },
          };
        }
        const fallbacks = rollbackFrom
          ? (previous?.fallbacks ?? [])
              .filter((f) => f.version !== version && f.version !== rollbackFrom && !unhealthy.has(f.version))
              .slice(0, MAX_FALLBACKS)
          : fallbacksAfter(previous, version, unhealthy);
        return {
          remotes: [...m.remotes.filter((r) => r.name !== remote), manifestEntry(descriptor, version, entry, fallbacks)],
          logEntry: { action, remote, version, previousVersion: previous?.version ?? null },
        };
      },
    );
  }

  app.post('/remotes/:remote/activate', async (req, reply) => {
    const { remote } = /** @type {any} */ (req.params);
    const t = await mayRelease(req, reply, remote, 'activate');
    if (!t) return reply;
    const body = bodyOf(ActivateBody, req);
    const next = await makeLive(t, remote, body.version, {
      expectRelease: body.expectRelease,
      reason: body.reason,
      action: 'activate',
      canary: body.canary,
    });
    return { remote, version: body.version, release: next.release, ...(body.canary ? { canary: body.canary } : {}) };
  });

  app.post('/remotes/:remote/rollback', async (req, reply) => {
    const { remote } = /** @type {any} */ (req.params);
    const t = await mayRelease(req, reply, remote, 'rollback');
    if (!t) return reply;
    const body = bodyOf(RollbackBody, req);
    const manifest = await store.readManifest();
    const live = manifest.remotes.find((r) => r.name === remote);
    if (!live) throw new RegistryError(`${remote} is not in the release manifest`, 'NOT_LIVE');
    if (live.canaryRelease) {
      // With a canary running, rolling back ends it: every session goes back to the live version.
      const canaryVersion = live.canaryRelease.version;
      const next = await store.commit(
        { expectRelease: body.expectRelease ?? manifest.release, log: { who: t.team, team: t.team, reason: body.reason } },
        (m) => {
          const entry = /** @type {any} */ (m.remotes.find((r) => r.name === remote));
          const { canaryRelease: _gone, ...rest } = entry;
          return {
            remotes: [...m.remotes.filter((r) => r.name !== remote), rest],
            logEntry: { action: 'rollback', remote, version: live.version, previousVersion: canaryVersion },
          };
        },
      );
      return { remote, version: live.version, release: next.release };
    }
    // Never to a version browsers reported unhealthy (ADR 0040).
    const unhealthy = await store.unhealthyVersions(remote);
    let target = null;
    for (const f of live.fallbacks ?? []) {
      if (!unhealthy.has(f.version) && (await store.hasVersion(remote, f.version))) {
        target = f.version;
        break;
      }
    }
    if (!target) {
      const made = (await store.readLog(remote))
        .reverse()
        .find((l) => l.version === live.version && ['publish', 'activate'].includes(l.action) && l.previousVersion);
      target = made?.previousVersion ?? null;
      if (target && unhealthy.has(target)) {
        throw new RegistryError(
          `${remote}@${live.version}: the earlier versions are reported unhealthy (${[...unhealthy].join(', ')}); activate a version by name`,
          'NO_PREVIOUS',
        );
      }
    }
    if (!target || target === live.version)
      throw new RegistryError(`${remote}@${live.version} has no earlier version to roll back to`, 'NO_PREVIOUS');
    const next = await makeLive(t, remote, target, {
      expectRelease: body.expectRelease ?? manifest.release,
      reason: body.reason,
      action: 'rollback',
      rollbackFrom: live.version,
    });
    return { remote, version: target, release: next.release };
  });

  /** A remote's versions as the browsers reported them (ADR 0040): sessions ok / failed, and the verdict. */
  app.get('/remotes/:remote/health', async (req, reply) => {
    const { remote } = /** @type {any} */ (req.params);
    if (!REMOTES.includes(remote)) return reply.code(404).send({ code: 'UNKNOWN_REMOTE', message: `unknown remote ${remote}` });
    if (!(await caller(req, reply))) return reply;
    const live = (await store.readManifest()).remotes.find((r) => r.name === remote);
    return {
      remote,
      live: live?.version ?? null,
      canary: live?.canaryRelease
        ? { version: live.canaryRelease.version, percent: live.canaryRelease.percent, since: live.canaryRelease.since }
        : null,
      versions: await store.healthOf(remote),
    };
  });

  return app;
}

import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { PLACEHOLDER_IBAN, PLACEHOLDER_SECRET, PLACEHOLDER_UUID, readEnv, unsafeStartReasons } from 'infra-api/env';
import { SLICES } from './support/slices';

// Issue 14: the deployment files are checked here, since Docker and a cluster may not be at hand:
// the manifests parse, the API runs as two replicas with every variable production requires, the
// images and files they name exist, and the shell's proxy spreads /api over several replicas.

const repoRoot = path.resolve(__dirname, '../..');
const deployDir = path.join(repoRoot, 'infra/deploy');

type Obj = Record<string, unknown>;
interface K8sDoc extends Obj {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Obj;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string };
    secretKeyRef?: { name: string; key: string };
    fieldRef?: { fieldPath: string };
  };
}
interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
}
interface PodSpecHolder {
  replicas?: number;
  selector: { matchLabels: Record<string, string> };
  template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
}

const k8sFiles = fs.readdirSync(path.join(deployDir, 'k8s')).filter((f) => f.endsWith('.yaml'));
const docs: K8sDoc[] = k8sFiles.flatMap((f) =>
  parseAllDocuments(fs.readFileSync(path.join(deployDir, 'k8s', f), 'utf8')).map((d) => {
    expect(d.errors).toEqual([]);
    return d.toJS() as K8sDoc;
  }),
);
const find = (kind: string, name: string) => {
  const doc = docs.find((d) => d.kind === kind && d.metadata.name === name);
  if (!doc) throw new Error(`no ${kind} ${name} in infra/deploy/k8s`);
  return doc;
};
const workload = (kind: string, name: string) => find(kind, name).spec as unknown as PodSpecHolder;

/** The environment a container gets: its env, then the ConfigMaps and Secrets it names. */
function containerEnv(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, find('ConfigMap', from.configMapRef.name).data);
    if (from.secretRef) Object.assign(env, find('Secret', from.secretRef.name).stringData);
  }
  for (const v of container.env ?? []) {
    if (v.value !== undefined) env[v.name] = String(v.value);
    else if (v.valueFrom?.configMapKeyRef) {
      const value = find('ConfigMap', v.valueFrom.configMapKeyRef.name).data?.[v.valueFrom.configMapKeyRef.key];
      if (value === undefined) throw new Error(`${container.name}: ConfigMap key ${v.valueFrom.configMapKeyRef.key} is missing`);
      env[v.name] = value;
    } else if (v.valueFrom?.secretKeyRef) {
      const value = find('Secret', v.valueFrom.secretKeyRef.name).stringData?.[v.valueFrom.secretKeyRef.key];
      if (value === undefined) throw new Error(`${container.name}: Secret key ${v.valueFrom.secretKeyRef.key} is missing`);
      env[v.name] = value;
    } else if (v.valueFrom?.fieldRef) env[v.name] = 'rendime-api-5d8f7c9b6d-x2x7q';
  }
  return env;
}

/** Image name (without tag) -> the Dockerfile that builds it. */
const IMAGES: Record<string, string> = {
  'rendime-api': 'api.Dockerfile',
  'rendime-static': 'static.Dockerfile',
  'rendime-release': 'release.Dockerfile',
  'rendime-registry': 'release.Dockerfile',
};

describe('Kubernetes manifests', () => {
  it('run the API as two replicas behind a Service that selects them, probed for readiness and liveness on the health port', () => {
    const api = workload('Deployment', 'rendime-api');
    expect(api.replicas).toBe(2);
    const service = find('Service', 'rendime-api').spec as {
      selector: Record<string, string>;
      ports: { port: number; targetPort: string }[];
    };
    expect(api.template.metadata.labels).toMatchObject(service.selector);
    expect(api.selector.matchLabels).toEqual(service.selector);
    const [container] = api.template.spec.containers;
    expect(container.ports?.map((p) => p.name)).toContain(service.ports[0].targetPort);
    // Issue 29: readiness pings the database, liveness does not; both on the API's health server.
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'health' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'health' });
    const healthPort = container.ports?.find((p) => p.name === 'health')?.containerPort;
    expect(healthPort).toBeDefined();
    expect(readEnv(containerEnv(container)).HEALTH_PORT).toBe(healthPort);
    expect(healthPort).not.toBe(container.ports?.find((p) => p.name === 'http')?.containerPort);
  });

  it('stop an API pod gracefully: preStop, drain delay and request timeout fit in the grace period', () => {
    const api = workload('Deployment', 'rendime-api');
    const spec = api.template.spec as unknown as {
      terminationGracePeriodSeconds: number;
      containers: (Container & { lifecycle?: { preStop?: { sleep?: { seconds: number } } } })[];
    };
    const preStop = spec.containers[0].lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(preStop).toBeGreaterThanOrEqual(3);
    const env = readEnv(containerEnv(spec.containers[0]));
    // Readiness is probed every 5 s; with preStop the pod is already out of the Service when SIGTERM comes.
    expect(preStop * 1000 + env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_TIMEOUT_MS).toBeLessThan(spec.terminationGracePeriodSeconds * 1000);
  });

  it('give the API every variable production requires, so it passes its own start check', () => {
    const shipped = containerEnv(workload('Deployment', 'rendime-api').template.spec.containers[0]);
    // As shipped, the Secret's placeholders stop the start, and nothing else does.
    const refused = unsafeStartReasons(readEnv(shipped));
    expect(refused).toContainEqual(expect.stringMatching(/^COOKIE_SECRET is the placeholder/));
    expect(refused).toContainEqual(expect.stringMatching(/^SMART_ID_RP_UUID is still the placeholder/));
    expect(refused).toContainEqual(expect.stringMatching(/^MOBILE_ID_RP_UUID is still the placeholder/));
    for (const reason of refused) expect(reason).toMatch(/placeholder/);
    // What an operator does: every placeholder replaced by a real value; then the start check passes.
    const env = Object.fromEntries(
      Object.entries(shipped).map(([k, v]) => [
        k,
        v === PLACEHOLDER_UUID
          ? crypto.randomUUID()
          : v === PLACEHOLDER_IBAN
            ? 'EE471000001020145685'
            : v.replace(new RegExp(`(?:${PLACEHOLDER_SECRET.source})[\\w-]*`, 'gi'), crypto.randomBytes(24).toString('hex')),
      ]),
    );
    const parsed = readEnv(env);
    expect(unsafeStartReasons(parsed)).toEqual([]);
    expect(parsed).toMatchObject({
      NODE_ENV: 'production',
      SANDBOX_SERVICES: false,
      COOKIE_SECURE: true,
      SEED_DEMO_DATA: false,
      HOST: '0.0.0.0',
    });
    // The replicas share the database and the cookie key; each names itself.
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@rendime-postgres:5432\//);
    expect(parsed.API_INSTANCE_ID).toBeDefined();
    // The secrets come from the Secret, never from the ConfigMap.
    const config = find('ConfigMap', 'rendime-config').data ?? {};
    for (const secret of ['COOKIE_SECRET', 'DATABASE_URL', 'PAYMENT_PROVIDER_SECRET', 'PAYMENT_PROVIDER_ACCESS_KEY'])
      expect(config).not.toHaveProperty(secret);
  });

  it('mount the identity trust anchors where the API is told to read them, and pay through Montonio’s live host (issue 30)', () => {
    const api = workload('Deployment', 'rendime-api').template.spec as unknown as {
      containers: (Container & { volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[] })[];
      volumes: { name: string; configMap?: { name: string } }[];
    };
    const env = containerEnv(api.containers[0]);
    for (const setting of ['SMART_ID_TRUST_ANCHORS', 'MOBILE_ID_TRUST_ANCHORS']) {
      const file = env[setting];
      const mount = api.containers[0].volumeMounts.find((m) => m.mountPath === path.posix.dirname(file));
      expect({ setting, file, mounted: mount?.mountPath, readOnly: mount?.readOnly }).toEqual({
        setting,
        file,
        mounted: path.posix.dirname(file),
        readOnly: true,
      });
      const volume = api.volumes.find((v) => v.name === mount?.name);
      const anchors = find('ConfigMap', String(volume?.configMap?.name)).data ?? {};
      expect(Object.keys(anchors)).toContain(path.posix.basename(file));
    }
    expect(env.PAYMENT_PROVIDER_URL).toBe('https://stargate.montonio.com/api');
  });

  it('run PostgreSQL with a persistent volume and a Service the DATABASE_URL names', () => {
    const pg = find('StatefulSet', 'rendime-postgres').spec as unknown as PodSpecHolder & {
      volumeClaimTemplates: { metadata: { name: string } }[];
    };
    expect(pg.template.spec.containers[0].image).toMatch(/^postgres:15/);
    expect(pg.volumeClaimTemplates.map((v) => v.metadata.name)).toContain('data');
    expect(find('Service', 'rendime-postgres').spec).toMatchObject({ ports: [{ port: 5432 }] });
  });

  // Issue 27 (ADR 0035): the release path a team publishes through, not an image with every slice baked in.
  type Mount = { name: string; mountPath: string; readOnly?: boolean };
  type ReleasePod = {
    containers: (Container & { args?: string[]; volumeMounts?: Mount[] })[];
    volumes?: { name: string; persistentVolumeClaim?: { claimName: string; readOnly?: boolean } }[];
  };
  const pod = (name: string) => workload('Deployment', name).template.spec as unknown as ReleasePod;
  /** The claim a container mounts at `mountPath`, and whether it may write there. */
  const storeMount = (name: string, mountPath: string) => {
    const spec = pod(name);
    const mount = spec.containers[0].volumeMounts?.find((m) => m.mountPath === mountPath);
    const claim = spec.volumes?.find((v) => v.name === mount?.name)?.persistentVolumeClaim;
    return { claim: claim?.claimName, writable: Boolean(mount) && !mount?.readOnly && !claim?.readOnly };
  };

  it('run the release path: a registry service, the CDN over the static store and shell replicas that read the registry database', () => {
    const cdnBase = find('ConfigMap', 'rendime-config').data?.RENDIME_CDN_BASE_URL;
    expect(cdnBase).toMatch(/^https:\/\//);
    const [registry, cdn, shell] = ['rendime-registry', 'rendime-cdn', 'rendime-shell'].map((name) => pod(name).containers[0]);
    expect([registry.args, cdn.args, shell.args]).toEqual([['registry'], ['cdn'], ['shell']]);
    const registryEnv = containerEnv(registry);
    const shellEnv = containerEnv(shell);
    // The registry writes entries under the CDN base; the shells read the releases it writes.
    expect(registryEnv.RENDIME_CDN_BASE).toBe(cdnBase);
    expect(registryEnv.RENDIME_REGISTRY_DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@rendime-postgres:5432\//);
    expect(shellEnv.RENDIME_REGISTRY_DATABASE_URL).toBe(registryEnv.RENDIME_REGISTRY_DATABASE_URL);
    expect(shellEnv.RENDIME_API_UPSTREAMS).toBe('http://rendime-api:3100');
    // Server-rendered pages, robots.txt and the sitemap name the site's own origin (issue 28).
    expect(shellEnv.RENDIME_PUBLIC_ORIGIN).toBe('https://rendime.ee');
    // Every replica signs release sessions with the same secret (ADR 0040), from the Secret.
    expect(shellEnv.RENDIME_RELEASE_SESSION_SECRET).toBeDefined();
    expect(find('ConfigMap', 'rendime-config').data).not.toHaveProperty('RENDIME_RELEASE_SESSION_SECRET');
    expect(registryEnv.RENDIME_REGISTRY_ADMIN_TOKEN).toBeDefined();
    expect(find('ConfigMap', 'rendime-config').data).not.toHaveProperty('RENDIME_REGISTRY_ADMIN_TOKEN');
    // One static store: the registry writes it, the CDN and the shells only read it.
    const claim = find('PersistentVolumeClaim', 'rendime-static-store').spec as { accessModes: string[] };
    expect(claim.accessModes).toContain('ReadWriteMany');
    expect(storeMount('rendime-registry', '/srv/static')).toEqual({ claim: 'rendime-static-store', writable: true });
    expect(storeMount('rendime-cdn', '/srv/static')).toEqual({ claim: 'rendime-static-store', writable: false });
    expect(storeMount('rendime-shell', '/srv/static')).toEqual({ claim: 'rendime-static-store', writable: false });
    // Several shell replicas; each Service selects its pods and names a port they open.
    expect(workload('Deployment', 'rendime-shell').replicas).toBeGreaterThanOrEqual(2);
    for (const name of ['rendime-registry', 'rendime-cdn', 'rendime-shell']) {
      const service = find('Service', name).spec as { selector: Record<string, string>; ports: { targetPort: string }[] };
      expect(workload('Deployment', name).template.metadata.labels).toMatchObject(service.selector);
      expect(pod(name).containers[0].ports?.map((p) => p.name)).toContain(service.ports[0].targetPort);
    }
  });

  it('refuse the shipped registry administrator token, and take a real one', async () => {
    const { adminTokenProblem } = await import('../scripts/lib/registry-service.mjs');
    const shipped = containerEnv(pod('rendime-registry').containers[0]).RENDIME_REGISTRY_ADMIN_TOKEN;
    expect(adminTokenProblem(shipped)).toMatch(/placeholder/);
    expect(adminTokenProblem('short-token')).toMatch(/at least 32 characters/);
    expect(adminTokenProblem(crypto.randomBytes(24).toString('hex'))).toBeNull();
  });

  it('refuse to start a shell replica with the shipped release-session secret', () => {
    const shipped = containerEnv(pod('rendime-shell').containers[0]).RENDIME_RELEASE_SESSION_SECRET;
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'infra/scripts/production.mjs'), 'shell'], {
      env: { ...process.env, RENDIME_RELEASE_SESSION_SECRET: shipped, RENDIME_REGISTRY_DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect({ status: run.status, err: run.stderr }).toEqual({
      status: 2,
      err: expect.stringContaining('RENDIME_RELEASE_SESSION_SECRET is the placeholder'),
    });
  });

  it('serve the site, the CDN origin and the registry over TLS, each host to a Service port that exists', () => {
    const ingresses = docs.filter((d) => d.kind === 'Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const routed: Record<string, string> = {};
    for (const ingress of ingresses) {
      const spec = ingress.spec as {
        tls: { hosts: string[]; secretName: string }[];
        rules: { host: string; http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[];
      };
      const tlsHosts = spec.tls.flatMap((t) => t.hosts);
      for (const rule of spec.rules) {
        expect(tlsHosts).toContain(rule.host);
        for (const { backend } of rule.http.paths) {
          const service = find('Service', backend.service.name).spec as { ports: { name: string }[] };
          expect(service.ports.map((p) => p.name)).toContain(backend.service.port.name);
          routed[rule.host] = backend.service.name;
        }
      }
    }
    const host = (url: string | undefined) => new URL(String(url)).hostname;
    const config = find('ConfigMap', 'rendime-config').data ?? {};
    expect(routed[host(config.PUBLIC_SITE_URL)]).toBe('rendime-shell');
    expect(routed[host(config.RENDIME_CDN_BASE_URL)]).toBe('rendime-cdn');
    expect(Object.values(routed)).toContain('rendime-registry');
  });

  it('keep serving through voluntary disruptions: a PodDisruptionBudget below the replicas of the shell, the API and the CDN', () => {
    for (const name of ['rendime-shell', 'rendime-api', 'rendime-cdn']) {
      const budget = docs.find(
        (d) =>
          d.kind === 'PodDisruptionBudget' &&
          (d.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels['app.kubernetes.io/name'] === name,
      );
      expect({ name, budget: Boolean(budget) }).toEqual({ name, budget: true });
      const minAvailable = (budget!.spec as { minAvailable: number }).minAvailable;
      expect(minAvailable).toBeGreaterThanOrEqual(1);
      expect(workload('Deployment', name).replicas).toBeGreaterThan(minAvailable);
    }
  });

  it('give every long-running container a memory limit', () => {
    for (const name of ['rendime-registry', 'rendime-cdn', 'rendime-shell']) {
      const container = pod(name).containers[0] as Container & { resources?: { limits?: { memory?: string } } };
      expect({ name, limit: container.resources?.limits?.memory }).toEqual({ name, limit: expect.stringMatching(/^\d+(Mi|Gi)$/) });
    }
  });

  it('name only images that a Dockerfile here builds (or the PostgreSQL image)', () => {
    const images = docs.flatMap((d) =>
      ((d.spec as Partial<PodSpecHolder> | undefined)?.template?.spec.containers ?? []).map((c) => c.image),
    );
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const image of images) {
      const name = image.split(':')[0];
      if (name === 'postgres') continue;
      expect(Object.keys(IMAGES)).toContain(name);
      expect(fs.existsSync(path.join(deployDir, IMAGES[name]))).toBe(true);
    }
  });

  it('list every manifest in the kustomization', () => {
    const kustomization = parse(fs.readFileSync(path.join(deployDir, 'k8s/kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual(k8sFiles.filter((f) => f !== 'kustomization.yaml').sort());
  });
});

describe('compose file', () => {
  const compose = parse(fs.readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; build?: { context: string; dockerfile: string }; environment?: Record<string, string> }>;
  };
  const env = (service: string) =>
    Object.fromEntries(Object.entries(compose.services[service].environment ?? {}).map(([k, v]) => [k, String(v)]));

  it('runs PostgreSQL 15, two API replicas on one database and cookie key, and the shell in front of both', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:15/);
    const [one, two] = [env('api-1'), env('api-2')];
    expect(one.DATABASE_URL).toBe(two.DATABASE_URL);
    expect(one.COOKIE_SECRET).toBe(two.COOKIE_SECRET);
    expect(one.API_INSTANCE_ID).not.toBe(two.API_INSTANCE_ID);
    for (const e of [one, two]) expect(unsafeStartReasons(readEnv(e))).toEqual([]);
    expect(env('shell').RENDIME_API_UPSTREAMS.split(',')).toEqual(['http://api-1:3100', 'http://api-2:3100']);
    expect(env('shell').RENDIME_CDN_BASE_URL).toMatch(/^https?:\/\//);
  });

  it('builds its images from Dockerfiles that exist, in a context that exists', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      const context = path.resolve(deployDir, service.build.context);
      expect({ name, context }).toEqual({ name, context: repoRoot });
      expect(fs.existsSync(path.join(context, service.build.dockerfile))).toBe(true);
    }
  });
});

describe('Dockerfiles', () => {
  /** COPY instructions' sources that come from the build context (not from another stage). */
  function contextCopies(file: string): string[] {
    const text = fs.readFileSync(path.join(deployDir, file), 'utf8').replace(/\\\n/g, ' ');
    return text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^COPY\s/i.test(l) && !/--from=/.test(l))
      .flatMap((l) => {
        const parts = l
          .split(/\s+/)
          .slice(1)
          .filter((p) => !p.startsWith('--'));
        return parts.slice(0, -1);
      });
  }

  it.each([...new Set(Object.values(IMAGES))])('%s copies only files that exist in the repository', (file) => {
    const sources = contextCopies(file);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect({ source, exists: fs.existsSync(path.join(repoRoot, source)) }).toEqual({ source, exists: true });
  });

  it('copy every workspace member manifest before installing (a missing one breaks the frozen lockfile)', () => {
    const workspace = parse(fs.readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] };
    for (const file of new Set(Object.values(IMAGES))) {
      const sources = contextCopies(file);
      for (const pkg of workspace.packages)
        expect({ file, pkg, copied: sources.includes(`${pkg}/package.json`) }).toEqual({ file, pkg, copied: true });
    }
  });

  it('build and store every slice of slices.json in the static image (a new slice needs its COPY lines)', () => {
    const sources = contextCopies('static.Dockerfile');
    expect(sources).toContain('slices.json');
    for (const slice of SLICES)
      expect({ slice, manifest: sources.includes(`${slice}/package.json`), sources: sources.includes(slice) }).toEqual({
        slice,
        manifest: true,
        sources: true,
      });
  });

  it('run the API as the non-root node user in production mode, from the bundled artefact', () => {
    const text = fs.readFileSync(path.join(deployDir, 'api.Dockerfile'), 'utf8');
    const runtime = text.slice(text.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/\nUSER node\n/);
    expect(runtime).toMatch(/ENV NODE_ENV=production/);
    expect(runtime).toMatch(/CMD \["node", "--enable-source-maps", "dist\/server.js"\]/);
    expect(fs.readFileSync(path.join(repoRoot, 'infra/api/package.json'), 'utf8')).toContain('"build": "node scripts/build.mjs"');
  });
});

/** Runs an ES module script in a child process (servers.mjs's dependencies do not load under jest) until it prints READY. */
function runScript(source: string, args: string[] = []): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', source, ...args], {
    cwd: path.join(repoRoot, 'infra'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (.*)\n/.exec(out);
      if (match) resolve({ child, line: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`script exited with ${code}: ${out}`)));
  });
}

describe('static server of a deployment', () => {
  it('writes the release manifest with entries under the CDN base URL', async () => {
    const registry = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-registry-'));
    try {
      const remotes = [...SLICES];
      for (const name of remotes) {
        for (const version of ['1.0.0', '1.10.0', '1.9.0']) {
          const dir = path.join(registry, name, version);
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(
            path.join(dir, 'remote-descriptor.json'),
            JSON.stringify({ name, scope: name.replace('-', '_'), version, routes: ['/x'], devPort: 3001 }),
          );
        }
      }
      const script = `
        import { publishForCdn } from ${JSON.stringify(path.join(deployDir, 'static-server.mjs'))};
        publishForCdn(process.argv[1], 'https://cdn.example.ee/rendime/');
        console.log('READY written');
        process.exit(0);`;
      await runScript(script, [registry]);
      const manifest = JSON.parse(fs.readFileSync(path.join(registry, 'release-manifest.json'), 'utf8')) as {
        remotes: { name: string; entry: string }[];
      };
      expect(manifest.remotes.map((r) => r.entry).sort()).toEqual(
        remotes.map((n) => `https://cdn.example.ee/rendime/${n}/1.10.0/mf-manifest.json`).sort(),
      );
    } finally {
      fs.rmSync(registry, { recursive: true, force: true });
    }
  });
});

describe('static-server.mjs in its two roles', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-static-'));
  const children: ChildProcess[] = [];
  const remotes = [...SLICES];

  beforeAll(() => {
    fs.mkdirSync(path.join(root, 'shell'));
    fs.writeFileSync(path.join(root, 'shell/index.html'), '<!doctype html><html><head><title>Rendime</title></head><body></body></html>');
    for (const name of remotes) {
      const dir = path.join(root, 'registry', name, '1.0.0');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'remote-descriptor.json'),
        JSON.stringify({ name, scope: name.replace('-', '_'), version: '1.0.0', routes: ['/x'], devPort: 3001 }),
      );
      fs.writeFileSync(path.join(dir, 'remoteEntry.js'), '/* entry */');
      fs.writeFileSync(path.join(dir, '512.0a1b2c3d.js'), '/* chunk */');
    }
    fs.writeFileSync(path.join(root, 'registry/health.json'), '{"ok":true}');
  });
  afterAll(() => {
    for (const child of children) child.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>): Promise<string> {
    const port = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, [path.join(deployDir, 'static-server.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        RENDIME_REGISTRY_DIR: path.join(root, 'registry'),
        RENDIME_SHELL_DIST: path.join(root, 'shell'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('[static]')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`static-server exited with ${code}`)));
    });
    return `http://127.0.0.1:${port}`;
  }

  it('serves the registry as the CDN origin, and the shell with a manifest and CSP for that CDN', async () => {
    const cdn = await start({ RENDIME_ROLE: 'remotes' });
    expect((await fetch(`${cdn}/health.json`)).status).toBe(200);
    const entry = await fetch(`${cdn}/mf-booking/1.0.0/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    // The entry is revalidated (a CDN must not pin it); content-hashed chunks are immutable (ADR 0019).
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await fetch(`${cdn}/mf-booking/1.0.0/512.0a1b2c3d.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');

    const shell = await start({
      RENDIME_ROLE: 'shell',
      RENDIME_CDN_BASE_URL: cdn,
      RENDIME_API_UPSTREAMS: 'http://127.0.0.1:9,http://127.0.0.1:10',
    });
    expect((await fetch(`${shell}/health`)).status).toBe(200);
    const manifest = (await (await fetch(`${shell}/release-manifest.json`)).json()) as { remotes: { name: string; entry: string }[] };
    expect(manifest.remotes.find((r) => r.name === 'mf-booking')?.entry).toBe(`${cdn}/mf-booking/1.0.0/mf-manifest.json`);
    const page = await fetch(`${shell}/public`);
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'self' ${cdn}`);
    // Neither replica is there: the proxy answers its own 502, not an internal error.
    expect((await fetch(`${shell}/api/health`)).status).toBe(502);
  });

  it('refuses to start the shell without its CDN or its API upstreams', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(deployDir, 'static-server.mjs')], {
          cwd: repoRoot,
          env: { ...process.env, PORT: '0', RENDIME_REGISTRY_DIR: path.join(root, 'registry'), ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let err = '';
        child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
        child.once('exit', (code) => resolve({ code, err }));
      });
    expect(await run({ RENDIME_ROLE: 'shell', RENDIME_API_UPSTREAMS: 'http://api:3100' })).toEqual({
      code: 1,
      err: expect.stringContaining('RENDIME_CDN_BASE_URL'),
    });
    expect(await run({ RENDIME_ROLE: 'shell', RENDIME_CDN_BASE_URL: 'https://cdn.example.ee' })).toEqual({
      code: 1,
      err: expect.stringContaining('RENDIME_API_UPSTREAMS'),
    });
    expect(await run({ RENDIME_ROLE: 'web' })).toEqual({ code: 1, err: expect.stringContaining('RENDIME_ROLE') });
  });
});

describe('shell proxy over several API replicas', () => {
  let child: ChildProcess;
  let base: string;
  let behindIngress: string;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-shell-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html><html><head></head><body></body></html>');
    // Two stand-in replicas that say who they are and what the proxy told them; a third address refuses connections.
    const script = `
      import http from 'node:http';
      import net from 'node:net';
      import { startShellServer } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/servers.mjs'))};
      const replica = (name) => new Promise((resolve) => {
        const server = http.createServer((req, res) => {
          res.setHeader('content-type', 'application/json');
          res.setHeader('x-api-instance', name);
          res.end(JSON.stringify({ name, url: req.url, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
        });
        server.listen(0, '127.0.0.1', () => resolve('http://127.0.0.1:' + server.address().port));
      });
      const dead = await new Promise((resolve) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve('http://127.0.0.1:' + p)); }); });
      const a = await replica('a');
      const b = await replica('b');
      const app = await startShellServer({ shellDist: process.argv[1], registryDir: process.argv[2], port: 0, apiUpstreams: [a, dead, b + '/'], trustedProxies: '' });
      const behindIngress = await startShellServer({ shellDist: process.argv[1], registryDir: process.argv[2], port: 0, apiUpstreams: [a], trustedProxies: '127.0.0.1' });
      console.log('READY ' + app.server.address().port + ' ' + behindIngress.server.address().port);`;
    const started = await runScript(script, [path.join(root, 'dist'), path.join(root, 'registry')]);
    child = started.child;
    const [port, ingressPort] = started.line.split(' ');
    base = `http://127.0.0.1:${port}`;
    behindIngress = `http://127.0.0.1:${ingressPort}`;
  }, 60_000);
  afterAll(() => {
    child?.kill();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('alternates between the replicas, leaves out one that refuses connections, and keeps the proxy headers', async () => {
    const answers: (string | number)[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/users/session?i=${i}`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
      if (res.status !== 200) {
        answers.push(res.status);
        expect(await res.json()).toMatchObject({
          statusCode: 502,
          code: 'BAD_GATEWAY',
          message: 'Teenus ei vastanud. Proovi hetke pärast uuesti.',
        });
        continue;
      }
      const body = (await res.json()) as { name: string; url: string; forwardedFor: string };
      expect(res.headers.get('x-api-instance')).toBe(body.name);
      expect(body.url).toBe(`/users/session?i=${i}`);
      // The edge says who the visitor is; what the visitor claimed is replaced.
      expect(body.forwardedFor).toBe('127.0.0.1');
      answers.push(body.name);
    }
    // The dead replica costs at most one request (a 502 in the API's shape), then sits out (its
    // readiness check may have found it first).
    expect(answers.filter((a) => a === 502).length).toBeLessThanOrEqual(1);
    const served = answers.filter((a) => a !== 502);
    expect(served.filter((a) => a === 'a').length).toBeGreaterThanOrEqual(3);
    expect(served.filter((a) => a === 'b').length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < served.length; i++) expect(served[i]).not.toBe(served[i - 1]);
  });

  it('behind an ingress it names to trust, passes on the visitor address the ingress saw, not its own', async () => {
    const res = await fetch(`${behindIngress}/api/users/session`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(((await res.json()) as { forwardedFor: string }).forwardedFor).toBe('203.0.113.9');
  });

  it('sends nothing to a replica that says it is not ready (draining before a stop) until it is ready again', async () => {
    const script = `
      import http from 'node:http';
      import { startShellServer } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/servers.mjs'))};
      let draining = false;
      const replica = (name, control) => new Promise((resolve) => {
        const server = http.createServer((req, res) => {
          if (control && req.url === '/drain') draining = true;
          if (control && req.url === '/undrain') draining = false;
          res.statusCode = req.url === '/health/ready' && control && draining ? 503 : 200;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ name }));
        });
        server.listen(0, '127.0.0.1', () => resolve('http://127.0.0.1:' + server.address().port));
      });
      const a = await replica('a', false);
      const b = await replica('b', true);
      const app = await startShellServer({ shellDist: process.argv[1], registryDir: process.argv[2], port: 0, apiUpstreams: [a, b] });
      console.log('READY ' + app.server.address().port + ' ' + b);`;
    const started = await runScript(script, [path.join(root, 'dist'), path.join(root, 'registry')]);
    try {
      const [port, b] = started.line.split(' ');
      const names = async (n: number) => {
        const seen: string[] = [];
        for (let i = 0; i < n; i++) seen.push(((await (await fetch(`http://127.0.0.1:${port}/api/x`)).json()) as { name: string }).name);
        return seen;
      };
      expect(new Set(await names(4))).toEqual(new Set(['a', 'b']));
      await (await fetch(`${b}/drain`)).text();
      // Within two checks the draining replica is out of the rotation, while it still serves.
      await new Promise((r) => setTimeout(r, 2_200));
      expect(await names(6)).toEqual(['a', 'a', 'a', 'a', 'a', 'a']);
      await (await fetch(`${b}/undrain`)).text();
      await new Promise((r) => setTimeout(r, 2_200));
      expect(await names(4)).toContain('b');
    } finally {
      started.child.kill();
    }
  }, 30_000);

  it('still answers an over-limit body with its own 413', async () => {
    const res = await fetch(`${base}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses upstreams that are not http(s) URLs, and reads them from RENDIME_API_UPSTREAMS', async () => {
    const script = `
      import { apiUpstreamList, apiUpstreamsFromEnv } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/servers.mjs'))};
      let refused = false;
      try { apiUpstreamList({ apiUpstreams: ['file:///etc/passwd'] }); } catch { refused = true; }
      const fromEnv = apiUpstreamsFromEnv({ RENDIME_API_UPSTREAMS: ' http://api-1:3100, http://api-2:3100/ ,' });
      console.log('READY ' + JSON.stringify({ refused, fromEnv, list: apiUpstreamList({ apiUpstreams: fromEnv }), single: apiUpstreamList({ apiPort: 4100 }), unset: apiUpstreamsFromEnv({}) ?? null }));
      process.exit(0);`;
    const { line } = await runScript(script);
    expect(JSON.parse(line)).toEqual({
      refused: true,
      fromEnv: ['http://api-1:3100', 'http://api-2:3100/'],
      list: ['http://api-1:3100', 'http://api-2:3100'],
      single: ['http://127.0.0.1:4100'],
      unset: null,
    });
  });
});

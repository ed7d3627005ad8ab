// Per-browser overrides, server side (issue 14, ADR 0021): when the shell honours them, what the
// page's CSP allows, and what `registry.mjs override` prints instead of rewriting the manifest.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type RuntimeConfigModule = typeof import('../scripts/lib/runtime-config.mjs');
type OverrideLinkModule = typeof import('../scripts/lib/override-link.mjs');
let config: RuntimeConfigModule;
let link: OverrideLinkModule;
beforeAll(async () => {
  config = await import('../scripts/lib/runtime-config.mjs');
  link = await import('../scripts/lib/override-link.mjs');
});

/** The shell server's pageCsp, run in plain node (its server dependencies are ESM-only, beyond jest's loader). */
function pageCsp(opts: { remoteOrigins?: string[]; paymentOrigins?: string[]; overrides?: { load: string[]; connect: string[] } }): string {
  const servers = pathToFileURL(path.join(__dirname, '../scripts/lib/servers.mjs')).href;
  const script = `const { pageCsp } = await import(${JSON.stringify(servers)}); process.stdout.write(pageCsp(JSON.parse(process.argv[1])));`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(opts)], { encoding: 'utf8' });
}

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('override config', () => {
  it('is off by default and on with RENDIME_OVERRIDES=1 or listed origins', () => {
    expect(config.runtimeConfig({}).overrides).toBeUndefined();
    expect(config.runtimeConfig({ RENDIME_OVERRIDES: '0' }).overrides).toBeUndefined();
    expect(config.runtimeConfig({ RENDIME_OVERRIDES: '1' }).overrides).toEqual({ enabled: true, origins: [] });
    expect(config.runtimeConfig({ RENDIME_OVERRIDE_ORIGINS: 'https://review.rendime.ee, http://10.0.0.5:8080' }).overrides).toEqual({
      enabled: true,
      origins: ['https://review.rendime.ee', 'http://10.0.0.5:8080'],
    });
  });

  it('refuses origins that are not plain http(s) origins, so a typo fails at start', () => {
    expect(() => config.runtimeConfig({ RENDIME_OVERRIDE_ORIGINS: 'review.rendime.ee' })).toThrow(/RENDIME_OVERRIDE_ORIGINS/);
    expect(() => config.runtimeConfig({ RENDIME_OVERRIDE_ORIGINS: 'https://a.ee/path' })).toThrow(/RENDIME_OVERRIDE_ORIGINS/);
    expect(() => config.runtimeConfig({ RENDIME_OVERRIDE_ORIGINS: 'javascript:alert(1)' })).toThrow(/RENDIME_OVERRIDE_ORIGINS/);
  });
});

describe('the page CSP and the bank-link provider (issue 30)', () => {
  it('shows the banks’ logos from Montonio’s image host by default and never lets a page connect to the provider', () => {
    const origins = config.paymentProviderOrigins({});
    expect(origins).toEqual(['https://public.montonio.com']);
    const csp = pageCsp({ remoteOrigins: ['http://localhost:3001'], paymentOrigins: origins });
    expect(directive(csp, 'img-src')).toContain('https://public.montonio.com');
    expect(directive(csp, 'connect-src')).not.toContain('montonio');
    expect(config.paymentProviderOrigins({ RENDIME_PAYMENT_PROVIDER_ORIGINS: 'https://logos.example.ee' })).toEqual([
      'https://logos.example.ee',
    ]);
  });
});

describe('the page CSP with overrides', () => {
  it('adds nothing when overrides are off', () => {
    const csp = pageCsp({ remoteOrigins: ['http://localhost:3001'], overrides: config.overrideSources(config.runtimeConfig({})) });
    expect(csp).not.toMatch(/localhost:\*|127\.0\.0\.1:\*|ws:/);
    expect(csp).toBe(pageCsp({ remoteOrigins: ['http://localhost:3001'] }));
  });

  it('allows loopback dev ports and listed origins for code and data, and their sockets for HMR', () => {
    const runtime = config.runtimeConfig({ RENDIME_OVERRIDES: '1', RENDIME_OVERRIDE_ORIGINS: 'https://review.rendime.ee' });
    const csp = pageCsp({ remoteOrigins: ['http://localhost:3001'], overrides: config.overrideSources(runtime) });
    for (const name of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src']) {
      expect(directive(csp, name)).toContain('http://localhost:*');
      expect(directive(csp, name)).toContain('http://127.0.0.1:*');
      expect(directive(csp, name)).toContain('https://review.rendime.ee');
    }
    expect(directive(csp, 'connect-src')).toContain('ws://localhost:*');
    expect(directive(csp, 'connect-src')).toContain('wss://review.rendime.ee');
    expect(directive(csp, 'script-src')).not.toMatch(/ws:|'unsafe-eval'|'unsafe-inline'/);
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });
});

describe('registry.mjs override', () => {
  it('prints a link for one browser with the override, and how to clear it', () => {
    const text = link.overrideInstructions('http://localhost:3000', 'mf-messaging', 'http://localhost:5005/mf-manifest.json');
    const url = new URL(/(http:\/\/localhost:3000\/public\?\S+)/.exec(text)![1]);
    expect(url.searchParams.get('rendime-override')).toBe('mf-messaging=http://localhost:5005/mf-manifest.json');
    expect(text).toContain("localStorage.setItem('rendime:overrides'");
    expect(text).toContain('Kohalik versioon: mf-messaging');
    expect(new URL(link.overrideUrl('http://localhost:3000', 'mf-messaging', '')).searchParams.get('rendime-override')).toBe(
      'mf-messaging=',
    );
  });

  it('says why the shell would refuse an entry', () => {
    expect(link.overrideProblem('http://localhost:5005/mf-manifest.json', {})).toBeNull();
    expect(link.overrideProblem('http://127.0.0.1:5005/mf-manifest.json', {})).toBeNull();
    expect(link.overrideProblem('https://evil.example/mf-manifest.json', {})).toMatch(/neither loopback/);
    expect(
      link.overrideProblem('https://review.rendime.ee/x/mf-manifest.json', { RENDIME_OVERRIDE_ORIGINS: 'https://review.rendime.ee' }),
    ).toBeNull();
    expect(link.overrideProblem('file:///etc/passwd', {})).toMatch(/not http/);
    expect(link.overrideProblem('nonsense', {})).toMatch(/not a URL/);
  });
});

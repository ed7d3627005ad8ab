import { isStrongPassword } from 'shared-kernel/schemas';
import { readEnv } from '../src/env';
import { escapeHtml, linkifyEscaped } from '../src/lib/html';
import { isValidIsikukood } from '../src/lib/isikukood';
import { isValidRegistryCode } from '../src/services/business-register';

describe('isikukood', () => {
  it.each(['38507140211', '49002280001', '50002290013', '60512311231', '38501140035', '38501140270'])('accepts %s', (code) => {
    expect(isValidIsikukood(code)).toBe(true);
  });
  it.each(['30303039915', '30313039914', '38507140212', '3850714021', 'abcdefghijk', '98507140211'])('refuses %s', (code) => {
    expect(isValidIsikukood(code)).toBe(false);
  });
});

describe('registry code', () => {
  it('checks prefix, length and check digit', () => {
    expect(isValidRegistryCode('12345678')).toBe(true);
    expect(isValidRegistryCode('12345670')).toBe(false);
    expect(isValidRegistryCode('22345678')).toBe(false);
    expect(isValidRegistryCode('1234567')).toBe(false);
  });
});

describe('password rule', () => {
  it('needs 8+ characters with upper, lower and digit', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('Õunapuu1')).toBe(true);
    expect(isStrongPassword('Abcdef1')).toBe(false);
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('ABCDEFG1')).toBe(false);
    expect(isStrongPassword('Abcdefgh')).toBe(false);
  });
});

describe('env', () => {
  it('has the documented defaults', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3100, PUBLIC_SITE_URL: 'http://localhost:3000', FILES_PUBLIC_PATH: '/api/files', ALLOWED_ORIGINS: ['http://localhost:3000'] });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/infra\/api\/\.data$/);
  });
  it('refuses bad values in one place', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(readEnv({ ALLOWED_ORIGINS: 'http://a.ee, http://b.ee' }).ALLOWED_ORIGINS).toEqual(['http://a.ee', 'http://b.ee']);
  });
});

describe('html escaping', () => {
  it('escapes markup and links only URLs', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(linkifyEscaped('see https://x.ee/?a=1&b=<2> now')).toBe('see <a href="https://x.ee/?a=1&amp;b=" rel="noopener noreferrer">https://x.ee/?a=1&amp;b=</a>&lt;2&gt; now');
  });
});

import { withoutContainedWords } from '../src/repositories/search-repository';
import { isStrongPassword } from 'shared-kernel/schemas';
import { readEnv } from '../src/env';
import { escapeHtml, linkifyEscaped } from '../src/lib/html';
import { isValidRegistryCode } from '../src/services/business-register';

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

describe('typo words for search', () => {
  it('drops a name word that holds a better-scoring shorter one, and keeps it when it scores higher', () => {
    const q = (word: string, similarity: number) => ({ query: 'hagis', word, similarity });
    expect(withoutContainedWords([q('kastihaagis', 0.5), q('haagis', 0.625), q('paadihaagis', 0.5)]).map((w) => w.word)).toEqual(['haagis']);
    const longer = [q('haagis', 0.45), q('kastihaagis', 0.8)];
    expect(withoutContainedWords(longer).map((w) => w.word).sort()).toEqual(['haagis', 'kastihaagis']);
    // Another query word's matches are never pruned by this one's.
    expect(withoutContainedWords([q('haagis', 0.6), { query: 'kast', word: 'kastihaagis', similarity: 0.5 }])).toHaveLength(2);
  });
});

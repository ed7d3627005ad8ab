import { readEnv } from './env';

function page(config: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (config !== null) {
    const tag = doc.createElement('script');
    tag.id = 'rendime-config';
    tag.type = 'application/json';
    tag.textContent = config;
    doc.body.append(tag);
  }
  return doc;
}

describe('readEnv', () => {
  it('takes the page config and fills what it leaves out', () => {
    expect(readEnv(page(null))).toEqual({ manifestUrl: '/release-manifest.json', apiBaseUrl: '/api' });
    expect(readEnv(page('not json'))).toEqual({ manifestUrl: '/release-manifest.json', apiBaseUrl: '/api' });
    expect(readEnv(page('{"apiBaseUrl":"https://api.example/v1","other":1}'))).toEqual({
      manifestUrl: '/release-manifest.json',
      apiBaseUrl: 'https://api.example/v1',
    });
  });

  it('refuses a value that is not a string, and a config that is not an object', () => {
    expect(() => readEnv(page('{"manifestUrl":5}'))).toThrow();
    expect(() => readEnv(page('{"apiBaseUrl":null}'))).toThrow();
    expect(() => readEnv(page('[]'))).toThrow();
    expect(() => readEnv(page('"x"'))).toThrow();
  });
});

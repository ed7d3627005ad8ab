import { readRuntimeConfig } from './runtime-config';

function page(config?: string): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (config !== undefined) {
    const tag = doc.createElement('script');
    tag.type = 'application/json';
    tag.id = 'rendime-config';
    tag.textContent = config;
    doc.head.appendChild(tag);
  }
  return doc;
}

describe('runtime config', () => {
  it('reads the settings the page host wrote into the page', () => {
    expect(
      readRuntimeConfig(page('{"mapTileUrl":"https://t/{z}/{x}/{y}.png","mapTileAttribution":"© T","manifestUrl":"/m.json"}')),
    ).toEqual({
      mapTileUrl: 'https://t/{z}/{x}/{y}.png',
      mapTileAttribution: '© T',
    });
    expect(readRuntimeConfig(page('{"mapTileUrl":""}'))).toEqual({ mapTileUrl: '' });
    expect(readRuntimeConfig(page('{"mapTileUrl":null}'))).toEqual({ mapTileUrl: null });
    expect(readRuntimeConfig(page('{"remoteTimeoutMs":3000}'))).toEqual({ remoteTimeoutMs: 3000 });
  });

  it('reads a missing, malformed or mistyped config as no settings', () => {
    expect(readRuntimeConfig(page())).toEqual({});
    expect(readRuntimeConfig(page('{oops'))).toEqual({});
    expect(readRuntimeConfig(page('[1]'))).toEqual({});
    expect(readRuntimeConfig(page('{"mapTileUrl":5}'))).toEqual({});
    for (const bad of ['0', '-5', '2.5', '"8000"']) expect(readRuntimeConfig(page(`{"remoteTimeoutMs":${bad}}`))).toEqual({});
    expect(readRuntimeConfig(undefined)).toEqual({});
  });
});

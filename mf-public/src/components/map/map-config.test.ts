import { cardPlacement, mapTiles } from './map-config';

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

afterEach(() => window.localStorage.clear());

describe('map tiles', () => {
  it('default to OpenStreetMap, with its credit line, when the server says nothing', () => {
    expect(mapTiles(page())).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMapi kaastöötajad',
    });
    expect(mapTiles(page('not json'))?.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('take the source and credit the shell server configures', () => {
    const doc = page(
      JSON.stringify({ mapTileUrl: 'https://tiles.example.ee/{z}/{x}/{-y}.png', mapTileAttribution: '© Maa- ja Ruumiamet' }),
    );
    expect(mapTiles(doc)).toEqual({ url: 'https://tiles.example.ee/{z}/{x}/{-y}.png', attribution: '© Maa- ja Ruumiamet' });
  });

  it('are off when the server sets an empty source (the outline is the base)', () => {
    expect(mapTiles(page(JSON.stringify({ mapTileUrl: '' })))).toBeNull();
    expect(mapTiles(page(JSON.stringify({ mapTileUrl: null })))).toBeNull();
  });

  it('let a developer try a source in one browser', () => {
    window.localStorage.setItem('rendime.mapTileUrl', 'http://localhost:8080/{z}/{x}/{y}.png');
    expect(mapTiles(document)?.url).toBe('http://localhost:8080/{z}/{x}/{y}.png');
  });
});

describe('marker card placement', () => {
  it('opens below a marker near the top of the map and above one near the bottom', () => {
    expect(cardPlacement(40, 480)).toEqual({ positioning: 'top-center', offset: [0, 14] });
    expect(cardPlacement(400, 480)).toEqual({ positioning: 'bottom-center', offset: [0, -14] });
  });
});

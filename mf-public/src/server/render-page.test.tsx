/**
 * @jest-environment node
 */
// The server entry as the shell's server calls it (ADR 0041): in Node, without a DOM.
import type { ProductDetails, SearchResultItem } from 'shared-kernel/schemas';
import { hashKey } from '@tanstack/react-query';
import { makeSearchResult } from 'shared-kernel/testing/search-result';
import { searchProductsQueryOptions } from '../features/search/api/search-products';
import { apiQuery, filtersFromParams } from '../features/search/model/search-filters';
import type { RenderRequest, RenderResult } from './render-page';

Object.assign(globalThis, { __APP_NAME__: 'mf-public', __APP_VERSION__: '1.2.3' });

function product(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    id: 27,
    name: 'Respo kastihaagis',
    description: 'Hea haagis, <b>kinnine</b> kast',
    paidLater: false,
    startTs: '08:00',
    endTs: '18:00',
    rentDays: ['MONDAY'],
    vacationDays: [],
    images: [{ id: 1, url: '/images/haagis.jpg', title: 'haagis' }],
    priceDaily: 10,
    priceHour: null,
    threeDay: 9,
    aweek: null,
    twoWeek: null,
    month: null,
    weekendDay: null,
    createdTs: '2024-03-01T00:00:00Z',
    deleted: false,
    inactiveReason: null,
    categoryId: 17,
    userId: 3,
    allowVat: true,
    cost: 100,
    rating: null,
    additionalServices: [],
    automaticallyApproved: false,
    automaticallyApprovedTxt: null,
    productCode: null,
    reservations: [],
    location: '58.3,26.7',
    lat: 58.3,
    lon: 26.7,
    locationDescription: 'Tartu, Eesti',
    loadedCount: 1,
    technical: {
      width: null,
      height: null,
      lengthOfItem: null,
      weight: null,
      maxCarry: null,
      engineType: null,
      issueYear: null,
      power: null,
      axleCount: null,
      seat: null,
      gear: null,
      platformHeight: null,
      canGoForeign: null,
      carryingWheels: null,
      carryConfiguration: null,
      distanceTravelled: null,
      radiusMax: null,
      platformMeasurements: null,
      liftType: null,
    },
    categoryName: 'Sõiduautohaagised',
    parentCategoryId: 1,
    parentCategoryName: 'Haagised',
    categoryLabel: 'Haagised - Sõiduautohaagised',
    owner: { id: 3, name: 'Rendiäri OÜ', type: 'B2B', allowVat: true },
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: the product's details (or the given answer), no reviews, no questions. */
function api(details: () => Response) {
  const asked: string[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url.pathname);
    if (url.pathname.endsWith('/details')) return details();
    return json([]);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

let render: (req: RenderRequest) => Promise<RenderResult | null>;
let warm: () => Promise<RenderResult | null>;
let status: (req: Pick<RenderRequest, 'pathname' | 'apiBaseUrl' | 'fetch' | 'signal'>) => Promise<number | null>;
beforeAll(async () => {
  ({ render, warm, status } = await import('./render-page'));
});

const request = (fetch: typeof globalThis.fetch, pathname = '/public/detail-view/27'): RenderRequest => ({
  pathname,
  search: '',
  origin: 'https://rendime.ee',
  apiBaseUrl: 'http://api.internal:3100',
  fetch,
});

/** The document's head parsed the way a link preview reads it: meta tags by property or name. */
function metas(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of head.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)">/g)) out[m[2]!] = m[3]!;
  return out;
}

describe('the product page rendered on the server', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-01-15T10:00:00Z')));
  afterEach(() => jest.restoreAllMocks());

  it('renders the name, prices and first image from the API, with the cache the browser starts from', async () => {
    const { fetch, asked } = api(() => json(product()));
    const page = await render(request(fetch));
    expect(page?.status).toBe(200);
    expect(asked).toEqual(expect.arrayContaining(['/products/27/details', '/feedback/27', '/comments/27']));
    expect(page!.html).toContain('data-testid="product-name"');
    expect(page!.html).toContain('Respo kastihaagis');
    // The day price as renters see it: 10 € + 24 % VAT.
    expect(page!.html).toMatch(/data-testid="price-priceDaily"[^>]*>12,40\s€/);
    expect(page!.html).toContain('src="/images/haagis.jpg"');
    // The queries under the page's own keys, so the browser's client asks for none of them again.
    const keys = page!.state!.queries.map((q) => q.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['products', 27, 'details'],
        ['products', 27, 'feedback'],
      ]),
    );
  });

  it('writes the title, description, canonical URL, Open Graph tags and a JSON-LD Product with its EUR offer', async () => {
    const { fetch } = api(() => json(product()));
    const page = await render(request(fetch));
    const head = page!.head;
    expect(head).toContain('<title>Respo kastihaagis | Rendime</title>');
    expect(head).toContain('<link rel="canonical" href="https://rendime.ee/public/detail-view/27">');
    const m = metas(head);
    expect(m['og:title']).toBe('Respo kastihaagis');
    expect(m['og:url']).toBe('https://rendime.ee/public/detail-view/27');
    expect(m['og:image']).toBe('https://rendime.ee/images/haagis.jpg');
    expect(m['description']).toMatch(/^12,40\s€ \/ päev\. Hea haagis/);
    expect(m['og:description']).toBe(m['description']);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Respo kastihaagis',
      image: ['https://rendime.ee/images/haagis.jpg'],
      offers: { '@type': 'Offer', price: '12.40', priceCurrency: 'EUR' },
    });
  });

  it('preloads the rendition of the first image the gallery then shows: the same srcset and sizes as its <img>', async () => {
    const images = [{ id: 1, url: '/images/haagis-cover.jpg', largeUrl: '/images/haagis.jpg', title: 'haagis' }];
    const page = await render(request(api(() => json(product({ images }))).fetch));
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(page!.head)![0];
    const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    const img = /<img [^>]*data-testid="gallery-image"[^>]*>/.exec(page!.html)![0];
    expect(attr(preload, 'href')).toBe('/images/haagis-cover.jpg');
    expect(attr(preload, 'imagesrcset')).toBe('/images/haagis-cover.jpg 435w, /images/haagis.jpg 2000w');
    expect(attr(preload, 'imagesrcset')).toBe(attr(img, 'srcSet'));
    expect(attr(preload, 'imagesizes')).toBe(attr(img, 'sizes'));
    expect(attr(preload, 'fetchpriority')).toBe('high');
  });

  it("escapes an owner's text everywhere: a <script> in the name never becomes markup", async () => {
    const evil = 'Haagis</title><script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const { fetch } = api(() => json(product({ name: evil, description: '<script>alert(3)</script>' })));
    const page = await render(request(fetch));
    const all = page!.head + page!.html;
    expect(all).not.toMatch(/<script>alert/);
    expect(all).not.toMatch(/<img src=x/);
    expect(page!.head).toContain(
      '<title>Haagis&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt; | Rendime</title>',
    );
    expect(page!.html).toContain('&lt;script&gt;alert(3)&lt;/script&gt;');
    // The JSON-LD still parses to the very name.
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page!.head)![1]!);
    expect(ld.name).toBe(evil);
  });

  it('answers 404 for an unknown product with the not-found text the browser shows, not for indexing, and the 404 for the browser to start from', async () => {
    const { fetch } = api(() => json({ statusCode: 404, code: 'NOT_FOUND', message: 'Toodet ei leitud', codes: ['NOT_FOUND'] }, 404));
    const page = await render(request(fetch));
    expect(page?.status).toBe(404);
    expect(page!.html).toMatch(/<p[^>]*role="alert"[^>]*>Toodet ei leitud\.<\/p>/);
    // The mark the shell's takeover waits for: the browser's same page replaces it at once.
    expect(page!.html).toContain('data-prerender=""');
    expect(page!.head).toBe('<title>Toodet ei leitud | Rendime</title><meta name="robots" content="noindex">');
    // Only the product's 404 goes to the browser (no reviews or questions), as the kernel's ApiError reads.
    expect(page!.state!.queries).toHaveLength(1);
    const [details] = page!.state!.queries;
    expect(details!.queryKey).toEqual(['products', 27, 'details']);
    expect(JSON.parse(JSON.stringify(details!.state))).toMatchObject({
      status: 'error',
      error: { name: 'ApiError', status: 404, code: 'NOT_FOUND', message: 'Toodet ei leitud' },
    });
  });

  it('answers 410 for a product deleted or taken off rent with the deleted view the browser shows, not for indexing', async () => {
    for (const gone of [product({ deleted: true }), product({ inactiveReason: 'OWNER' })]) {
      const page = await render(request(api(() => json(gone)).fetch));
      expect(page?.status).toBe(410);
      expect(page!.html).toContain('Toode ei ole saadaval');
      expect(page!.html).toContain('Hetkel ei saa rentida, toode on hoolduses.');
      expect(page!.html).toContain('href="/public/search-products"');
      expect(page!.html).toContain('data-prerender=""');
      expect(page!.html).not.toContain('Respo kastihaagis');
      expect(page!.head).toBe('<title>Toode ei ole saadaval | Rendime</title><meta name="robots" content="noindex">');
      expect(page!.state!.queries.map((q) => q.queryKey)).toEqual([['products', 27, 'details']]);
    }
  });

  it('embeds what the browser renders the 404 and 410 pages from without asking the API again', async () => {
    const { hydrate, QueryObserver } = await import('@tanstack/react-query');
    const { productDetailsQueryOptions } = await import('../features/product/api/get-product-details');
    const { serverQueryClient } = await import('./server-context');
    const answers = [
      () => json({ statusCode: 404, code: 'NOT_FOUND', message: 'Toodet ei leitud', codes: ['NOT_FOUND'] }, 404),
      () => json(product({ deleted: true })),
    ];
    for (const answer of answers) {
      const page = await render(request(api(answer).fetch));
      // The page's cache as the shell's page carries it (JSON) and its client takes it.
      const client = serverQueryClient();
      hydrate(client, JSON.parse(JSON.stringify(page!.state)));
      const observer = new QueryObserver(client, productDetailsQueryOptions(27));
      const stop = observer.subscribe(() => {});
      expect(client.getQueryState(productDetailsQueryOptions(27).queryKey)?.fetchStatus).toBe('idle');
      stop();
      client.clear();
    }
  });

  it('answers 404 without asking the API for an id the site never spells (1e2, 0x10, 0001, abc), and names a product by its one address', async () => {
    for (const odd of ['1e2', '0x10', '0027', 'abc', '-1', '1.5']) {
      const { fetch, asked } = api(() => json(product()));
      const page = await render(request(fetch, `/public/detail-view/${odd}`));
      expect(page).toMatchObject({ status: 404, head: '<title>Toodet ei leitud | Rendime</title><meta name="robots" content="noindex">' });
      expect(page!.html).toContain('Toodet ei leitud.');
      expect(page!.state!.queries).toEqual([]);
      expect(await status({ pathname: `/public/detail-view/${odd}`, apiBaseUrl: 'http://api.internal:3100', fetch })).toBe(404);
      expect(asked).toEqual([]);
    }
    // A request with a query or a trailing slash still names the page by its one address.
    const page = await render({ ...request(api(() => json(product())).fetch, '/public/detail-view/27/'), search: '?utm_source=x' });
    expect(page!.head).toContain('<link rel="canonical" href="https://rendime.ee/public/detail-view/27">');
    expect(metas(page!.head)['og:url']).toBe('https://rendime.ee/public/detail-view/27');
  });

  it("tells the page's status without rendering it: 410 taken off rent, 404 unknown, 200 for sale; throws when the API fails", async () => {
    const ask = (answer: () => Response, pathname = '/public/detail-view/27') => {
      const { fetch, asked } = api(answer);
      return { asked, status: status({ pathname, apiBaseUrl: 'http://api.internal:3100', fetch }) };
    };
    const deleted = ask(() => json(product({ deleted: true })));
    expect(await deleted.status).toBe(410);
    // One call, the product's own: no reviews or questions, no markup.
    expect(deleted.asked).toEqual(['/products/27/details']);
    expect(await ask(() => json(product({ inactiveReason: 'OWNER' }))).status).toBe(410);
    expect(await ask(() => json({ statusCode: 404, code: 'NOT_FOUND', message: 'x', codes: ['NOT_FOUND'] }, 404)).status).toBe(404);
    expect(await ask(() => json(product())).status).toBe(200);
    await expect(ask(() => json({ statusCode: 500, code: 'INTERNAL', message: 'x', codes: ['INTERNAL'] }, 500)).status).rejects.toThrow();
    expect(await ask(() => json(product()), '/public/search-products').status).toBe(200);
    expect(await ask(() => json(product()), '/public/kkk').status).toBeNull();
  });

  it("streams the same markup with React's streaming renderer when the shell asks, the head and cache ready before it", async () => {
    const whole = await render(request(api(() => json(product())).fetch));
    const streamed = await render({ ...request(api(() => json(product())).fetch), stream: true });
    expect(streamed).toMatchObject({ status: 200, html: '', head: whole!.head, state: whole!.state });
    let html = '';
    for await (const chunk of streamed!.body!) html += String(chunk);
    expect(html).toBe(whole!.html);
    // A gone product's page streams too, with its status known before any markup.
    const goneWhole = await render(request(api(() => json(product({ deleted: true }))).fetch));
    const gone = await render({ ...request(api(() => json(product({ deleted: true }))).fetch), stream: true });
    expect(gone).toMatchObject({ status: 410, html: '', head: goneWhole!.head, state: goneWhole!.state });
    let goneHtml = '';
    for await (const chunk of gone!.body!) goneHtml += String(chunk);
    expect(goneHtml).toBe(goneWhole!.html);
  });

  it("leaves the platform's global CSS out of the markup when the shell's page has it (ADR 0055), in both renderers", async () => {
    // (Chakra's provider still renders its Global, empty: an empty style element is no copy.)
    const globalCss = /<style data-emotion="css-global [^"]+">[^<]/;
    // A shell that does not say so (an older one) gets the copy its page needs.
    const older = await render(request(api(() => json(product())).fetch));
    expect(older!.html).toMatch(globalCss);
    const whole = await render({ ...request(api(() => json(product())).fetch), pageGlobals: true });
    expect(whole!.html).not.toMatch(globalCss);
    expect(whole!.html).toContain('data-testid="product-name"');
    // The component styles stay: only the global block goes.
    expect(whole!.html).toMatch(/<style data-emotion="css [^"]+">/);
    const streamed = await render({ ...request(api(() => json(product())).fetch), pageGlobals: true, stream: true });
    let html = '';
    for await (const chunk of streamed!.body!) html += String(chunk);
    expect(html).toBe(whole!.html);
  });

  it('throws when the API fails, so the shell serves the client-rendered page; renders nothing for a path it does not own', async () => {
    await expect(
      render(request(api(() => json({ statusCode: 500, code: 'INTERNAL', message: 'x', codes: ['INTERNAL'] }, 500)).fetch)),
    ).rejects.toThrow();
    expect(await render(request(api(() => json(product())).fetch, '/public/kkk'))).toBeNull();
  });

  it('renders its sample product without an API (the warm-up and smoke render), and never lets it reach a visitor', async () => {
    const sample = await warm();
    expect(sample?.status).toBe(200);
    expect(sample!.html).toContain('Näidistoode');
    // Renders running side by side each reach their own API.
    const a = api(() => json(product({ id: 27, name: 'Esimene' })));
    const b = api(() => json(product({ id: 28, name: 'Teine' })));
    const [pa, pb] = await Promise.all([render(request(a.fetch)), render(request(b.fetch, '/public/detail-view/28')), warm()]);
    expect(pa!.html).toContain('Esimene');
    expect(pb!.html).toContain('Teine');
    expect(pa!.html + pb!.html).not.toContain('Näidistoode');
  });
});

function hit(id: number, title: string, overrides: Partial<SearchResultItem> = {}): SearchResultItem {
  return makeSearchResult({ id, title, imageUrl: `/images/${id}.jpg`, locationDescription: 'Tartu', loadedCount: 42, ...overrides });
}

const CATEGORIES = [
  { id: 1, name: 'Haagised', parentCategoryId: null },
  { id: 17, name: 'Sõiduautohaagised', parentCategoryId: 1 },
];

/** A fake API for the search page: the categories and the given hits (or answer; `refuse` first). */
function searchApi(results: () => Response, refuse: (url: URL) => Response | null = () => null) {
  const asked: URL[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url);
    if (url.pathname === '/category') return json(CATEGORIES);
    if (url.pathname === '/products/search') return refuse(url) ?? results();
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x', codes: ['NOT_FOUND'] }, 404);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

describe('the search page rendered on the server', () => {
  const searchRequest = (fetch: typeof globalThis.fetch, search: string): RenderRequest => ({
    ...request(fetch, '/public/search-products'),
    search,
  });

  it("renders the first results from the page's own query, with the cache the browser starts from and no map", async () => {
    const { fetch, asked } = searchApi(() => json([hit(27, 'Respo kastihaagis'), hit(28, 'Brenderup 1205')]));
    // The URL's second page is the API's page 1, on the server as in the browser.
    const page = await render(searchRequest(fetch, '?search=haagis&page=2&utm_source=x'));
    expect(page?.status).toBe(200);
    const search = asked.find((u) => u.pathname === '/products/search')!;
    expect(Object.fromEntries(search.searchParams)).toEqual({ name: 'haagis', page: '1', perPage: '20' });
    expect(page!.html).toContain('Respo kastihaagis');
    expect(page!.html).toContain('Brenderup 1205');
    expect(page!.html).toContain('href="/public/detail-view/27"');
    expect(page!.html).toContain('Leitud tooteid: 42');
    // The map is only its box, hidden where the browser shows no map (no screen width on the server).
    expect(page!.html).toMatch(
      /@media \(max-width: ?479\.98px\)\{\.css-\w+\{display:none;?\}\}<\/style><div data-testid="map-placeholder"/,
    );
    expect(page!.html).not.toContain('ol-map');
    const keys = page!.state!.queries.map((q) => q.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['categories'], ['products', 'search', { name: 'haagis', page: 1, perPage: 20 }]]));
  });

  it('asks with the period and prices of the URL, prices the cards for the period, and leaves the cache under the key the browser asks with', async () => {
    const { fetch, asked } = searchApi(() => json([hit(27, 'Respo kastihaagis', { periodPrice: 62 })]));
    const query = '?search=haagis&from=2099-06-05&to=2099-06-06&maxPrice=100&sort=CHEAP_FIRST';
    const page = await render(searchRequest(fetch, query));
    const search = asked.find((u) => u.pathname === '/products/search')!;
    expect(Object.fromEntries(search.searchParams)).toEqual({
      name: 'haagis',
      from: '2099-06-05',
      to: '2099-06-06',
      maxPrice: '100',
      sort: 'CHEAP_FIRST',
      page: '0',
      perPage: '20',
    });
    expect(page!.html).toContain('href="/public/detail-view/27?from=2099-06-05&amp;to=2099-06-06"');
    expect(page!.html).toMatch(/62,00\s€ \/ 2 päeva/);
    // The browser's first search (with the categories loaded) is the one the server answered.
    const browserKey = searchProductsQueryOptions(apiQuery(filtersFromParams(new URLSearchParams(query), CATEGORIES))).queryKey;
    expect(page!.state!.queries.map((q) => q.queryHash)).toContain(hashKey(browserKey));
  });

  it('writes a title after the search text or category, a description with the first results, a clean canonical and the first image preloaded', async () => {
    const { fetch } = searchApi(() => json([hit(27, 'Respo kastihaagis'), hit(28, 'Brenderup 1205')]));
    const byText = (await render(searchRequest(fetch, '?search=haagis&utm_source=x')))!.head;
    expect(byText).toContain('<title>Otsing „haagis“ | Rendime</title>');
    expect(byText).toContain('<link rel="canonical" href="https://rendime.ee/public/search-products?search=haagis">');
    const m = metas(byText);
    expect(m['description']).toBe('Leitud tooteid: 42. Rendi Rendimest: Respo kastihaagis, Brenderup 1205.');
    expect(m['og:url']).toBe('https://rendime.ee/public/search-products?search=haagis');
    expect(m['robots']).toBeUndefined();
    expect(byText).toContain('<link rel="preload" as="image" href="/images/27.jpg" fetchpriority="high">');
    const byCategory = (await render(searchRequest(fetch, '?cat=17')))!.head;
    expect(byCategory).toContain('<title>Rendi: Sõiduautohaagised | Rendime</title>');
    expect(byCategory).toContain('href="https://rendime.ee/public/search-products?cat=1&amp;sub=17"');
  });

  it('renders the last page for a link past the end, with the real count, the notice and the pager the browser shows, under the browser key', async () => {
    // 313 hits, 16 pages: the API answers page 17 (index 16) with nothing, and so without a count.
    const { fetch, asked } = searchApi(() => json([]));
    const pages = new Map([
      ['0', [hit(1, 'Esimene', { loadedCount: 313 })]],
      ['15', [hit(301, 'Viimane', { loadedCount: 313 })]],
    ]);
    const byPage = jest.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      if (url.pathname !== '/products/search') return fetch(input);
      asked.push(url);
      return json(pages.get(url.searchParams.get('page') ?? '') ?? []);
    }) as unknown as typeof globalThis.fetch;
    const query = '?search=haagis&page=17';
    const page = await render(searchRequest(byPage, query));
    expect(asked.filter((u) => u.pathname === '/products/search').map((u) => u.searchParams.get('page'))).toEqual(['16', '0', '15']);
    expect(page!.html).toContain('Leitud tooteid: 313');
    expect(page!.html).toContain('Lehte 17 ei ole: leitud tooted mahuvad 16 lehele. Näitan viimast lehte.');
    expect(page!.html).toContain('Leht 16 / 16');
    expect(page!.html).toContain('Viimane');
    expect(page!.html).not.toContain('data-testid="no-results"');
    // The head names the page shown, which is for indexing.
    expect(page!.head).toContain('<link rel="canonical" href="https://rendime.ee/public/search-products?search=haagis&amp;page=16">');
    expect(metas(page!.head)['robots']).toBeUndefined();
    const browserKey = searchProductsQueryOptions(apiQuery(filtersFromParams(new URLSearchParams(query), CATEGORIES))).queryKey;
    expect(page!.state!.queries.map((q) => q.queryHash)).toContain(hashKey(browserKey));
  });

  it('says so, and asks not to be indexed, when nothing is found', async () => {
    const page = await render(searchRequest(searchApi(() => json([])).fetch, '?search=olematu'));
    expect(page!.html).toContain('data-testid="no-results"');
    expect(metas(page!.head)['robots']).toBe('noindex');
  });

  it("escapes an owner's title in the markup and the head", async () => {
    const evil = '</title><script>alert(1)</script>';
    const page = await render(searchRequest(searchApi(() => json([hit(27, evil)])).fetch, '?search=x'));
    expect(page!.head + page!.html).not.toMatch(/<script>alert/);
    expect(page!.head).toContain('&lt;/title&gt;&lt;script&gt;');
  });

  /** The search API refusing a period (`refusal`), answering `hits` for a search without one. */
  const refusingApi = (refusal: { code: string; message: string }, status = 400) =>
    searchApi(
      () => json([hit(27, 'Respo kastihaagis')]),
      (url) => (url.searchParams.has('from') ? json({ statusCode: status, ...refusal, codes: [refusal.code] }, status) : null),
    );

  it('renders a link whose period is past as the browser does: the notice and the results without the period, under the key the browser asks with', async () => {
    const { fetch, asked } = refusingApi({ code: 'INVALID_TIMES', message: 'Algusaeg on enne praegust ajahetke.' });
    const query = '?search=haagis&from=2020-01-01&to=2020-01-05';
    const page = await render(searchRequest(fetch, query));
    expect(page?.status).toBe(200);
    // The API's refusal first (the server does not judge "past" before it has), then the search without the period.
    const searches = asked.filter((u) => u.pathname === '/products/search').map((u) => Object.fromEntries(u.searchParams));
    expect(searches).toEqual([
      { name: 'haagis', from: '2020-01-01', to: '2020-01-05', page: '0', perPage: '20' },
      { name: 'haagis', page: '0', perPage: '20' },
    ]);
    expect(page!.html).toContain('Lingi rendiaeg on möödas ja jäi otsingust välja.');
    expect(page!.html).toContain('Respo kastihaagis');
    // The browser's first search (its clock says past too) is the one the server answered; the refused one is not sent.
    const params = new URLSearchParams(query);
    const browserKey = searchProductsQueryOptions(apiQuery(filtersFromParams(params, CATEGORIES, new Date()))).queryKey;
    const hashes = page!.state!.queries.map((q) => q.queryHash);
    expect(hashes).toContain(hashKey(browserKey));
    expect(hashes).not.toContain(hashKey(searchProductsQueryOptions(apiQuery(filtersFromParams(params))).queryKey));
    expect(page!.head).toContain('<title>Otsing „haagis“ | Rendime</title>');
  });

  it("renders a link whose period the API refuses otherwise (too long) as the browser does: the API's reason and no results, embedded so the browser does not ask again", async () => {
    const { hydrate, QueryObserver } = await import('@tanstack/react-query');
    const { serverQueryClient } = await import('./server-context');
    const { fetch, asked } = refusingApi({ code: 'VALIDATION_ERROR', message: 'Rendiperiood on liiga pikk.' });
    const query = '?from=2099-01-10&to=2101-01-10';
    const page = await render(searchRequest(fetch, query));
    expect(page?.status).toBe(200);
    expect(asked.filter((u) => u.pathname === '/products/search')).toHaveLength(1);
    expect(page!.html).toContain('Rendiperiood on liiga pikk.');
    expect(page!.html).not.toContain('data-testid="results-grid"');
    expect(metas(page!.head)['robots']).toBe('noindex');
    // The browser's client, from the embedded cache, asks for neither the categories nor the search.
    const client = serverQueryClient();
    hydrate(client, JSON.parse(JSON.stringify(page!.state)));
    const options = searchProductsQueryOptions(apiQuery(filtersFromParams(new URLSearchParams(query), CATEGORIES, new Date())));
    expect(client.getQueryState(options.queryKey)).toMatchObject({
      status: 'error',
      error: { status: 400, message: 'Rendiperiood on liiga pikk.' },
    });
    const stop = new QueryObserver(client, options).subscribe(() => {});
    expect(client.getQueryState(options.queryKey)?.fetchStatus).toBe('idle');
    expect(client.getQueryState(['categories'])?.status).toBe('success');
    stop();
    client.clear();
  });

  it('renders nothing, without failing, for another refusal of the link (the browser reads the link itself)', async () => {
    const { fetch } = refusingApi({ code: 'TOO_MANY_REQUESTS', message: 'x' }, 429);
    await expect(render(searchRequest(fetch, '?search=haagis&from=2099-01-01&to=2099-01-02'))).resolves.toBeNull();
  });

  it('renders nothing, without failing, for a past period the API does not refuse as such (a rate limit, on both searches)', async () => {
    const limited = searchApi(() => json({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'x', codes: ['TOO_MANY_REQUESTS'] }, 429));
    await expect(render(searchRequest(limited.fetch, '?search=haagis&from=2020-01-01&to=2020-01-05'))).resolves.toBeNull();
    // Refused as past (400), then rate-limited without the period: still no failed render.
    const { fetch } = searchApi(
      () => json({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'x', codes: ['TOO_MANY_REQUESTS'] }, 429),
      (url) =>
        url.searchParams.has('from')
          ? json({ statusCode: 400, code: 'INVALID_TIMES', message: 'Algusaeg on enne praegust ajahetke.', codes: ['INVALID_TIMES'] }, 400)
          : null,
    );
    await expect(render(searchRequest(fetch, '?search=haagis&from=2020-01-01&to=2020-01-05'))).resolves.toBeNull();
  });

  it('throws when the search API fails, so the shell serves the client-rendered page', async () => {
    const failing = searchApi(() => json({ statusCode: 500, code: 'INTERNAL', message: 'x', codes: ['INTERNAL'] }, 500));
    await expect(render(searchRequest(failing.fetch, ''))).rejects.toThrow();
  });
});

describe("the slice's sitemap entries", () => {
  it('names the public pages and every product the API lists, page by page, with its last change', async () => {
    const pages: Record<string, unknown> = {
      '0': { items: [{ id: 5, updatedTs: '2026-01-02T03:04:05.000Z' }], total: 2 },
      '1': { items: [{ id: 9, updatedTs: '2026-02-02T00:00:00.000Z' }], total: 2 },
    };
    const asked: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      asked.push(url.pathname + url.search);
      return json(pages[url.searchParams.get('page') ?? ''] ?? { items: [], total: 2 });
    }) as typeof globalThis.fetch;
    const { sitemap } = await import('./render-page');
    const entries = await sitemap({ apiBaseUrl: 'http://api.internal:3100', fetch });
    expect(asked).toEqual(['/products/public-index?page=0', '/products/public-index?page=1']);
    const paths = entries.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/public', '/public/search-products', '/public/kkk', '/public/about-us', '/public/search-products?cat=55']),
    );
    expect(paths).not.toContain('/public/login');
    expect(paths.some((p) => p.startsWith('/otsing/'))).toBe(false);
    expect(entries.filter((e) => e.path.startsWith('/public/detail-view/'))).toEqual([
      { path: '/public/detail-view/5', lastmod: '2026-01-02T03:04:05.000Z' },
      { path: '/public/detail-view/9', lastmod: '2026-02-02T00:00:00.000Z' },
    ]);
  });

  it('throws when the API fails rather than name no products', async () => {
    const { sitemap } = await import('./render-page');
    const fetch = (async () =>
      json({ statusCode: 500, code: 'INTERNAL', message: 'x', codes: ['INTERNAL'] }, 500)) as typeof globalThis.fetch;
    await expect(sitemap({ apiBaseUrl: 'http://api.internal:3100', fetch })).rejects.toThrow();
  });
});

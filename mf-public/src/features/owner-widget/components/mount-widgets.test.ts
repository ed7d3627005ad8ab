import type { OwnerWidgetProduct, OwnerWidgetResponse } from 'shared-kernel/schemas';
import { waitFor } from '@testing-library/react';
import { mountOwnerWidgets, watchForNewWidgets } from './mount-widgets';

const PLATFORM = 'https://rendime.example';

const product = (over: Partial<OwnerWidgetProduct> = {}): OwnerWidgetProduct => ({
  id: 186,
  title: 'Kärcher survepesur',
  imageUrl: 'https://rendime.example/images/186-card.jpg',
  dailyPriceCents: 1240,
  vatIncluded: true,
  nextFreeDays: ['2026-11-25', '2026-11-26', '2026-11-28'],
  productUrl: 'https://rendime.example/public/detail-view/186',
  ...over,
});

const answer = (products: OwnerWidgetProduct[]): OwnerWidgetResponse => ({ owner: { id: 7, name: 'Firma OÜ' }, products });

function respond(body: unknown, status = 200) {
  return jest.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response,
  );
}

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

const shadow = (selector: string) => {
  const host = document.querySelector<HTMLElement>(selector);
  if (!host?.shadowRoot) throw new Error(`${selector} has no shadow root`);
  return host.shadowRoot;
};
const cards = (root: ShadowRoot) => Array.from(root.querySelectorAll('.rw-card'));

afterEach(() => {
  document.body.innerHTML = '';
});

test('renders the owner’s products as cards: image, title, daily price with VAT, next free days and a Rendi link to the product page', async () => {
  const fetchImpl = respond(
    answer([product(), product({ id: 27, title: 'Haagis', vatIncluded: false, imageUrl: null, nextFreeDays: [], dailyPriceCents: 2000 })]),
  );
  await mountOwnerWidgets(page('<div data-rendime-owner="7" data-layout="grid" data-limit="6"></div>'), PLATFORM, '1.0.0', fetchImpl);

  const root = shadow('[data-rendime-owner]');
  const [first, second] = cards(root);
  expect(cards(root)).toHaveLength(2);
  expect(first.querySelector('.rw-title')).toHaveTextContent('Kärcher survepesur');
  expect(first.querySelector('.rw-price')?.textContent?.replace(/\s/g, ' ')).toBe('12,40 € / päevkm-ga');
  expect(first.querySelector('.rw-vat')).toHaveTextContent('km-ga');
  expect(first.querySelector('.rw-days')).toHaveTextContent('Vabad päevad: 25.11.2026, 26.11.2026, 28.11.2026');
  const img = first.querySelector('img');
  expect(img?.getAttribute('src')).toBe('https://rendime.example/images/186-card.jpg');
  expect(img?.getAttribute('loading')).toBe('lazy');
  const rent = first.querySelector('a');
  expect(rent).toHaveTextContent('Rendi');
  expect(rent?.getAttribute('href')).toBe('https://rendime.example/public/detail-view/186');
  expect(rent?.getAttribute('target')).toBe('_blank');
  expect(rent?.getAttribute('rel')).toBe('noopener');

  expect(second.querySelector('.rw-price')?.textContent?.replace(/\s/g, ' ')).toBe('20,00 € / päev');
  expect(second.querySelector('.rw-vat')).toBeNull();
  expect(second.querySelector('img')).toBeNull();
  expect(second.querySelector('.rw-noimg')).toHaveTextContent('Pilt puudub');
  expect(second.querySelector('.rw-days')).toHaveTextContent('Lähiajal vabu päevi pole');

  // The root says which build rendered it (a published version shows on the host page).
  expect(root.querySelector('.rw')?.getAttribute('data-version')).toBe('1.0.0');
  // Its styles live inside the shadow root, none on the page.
  expect(root.querySelector('style')?.textContent).toContain(':host');
  expect(document.head.querySelectorAll('style')).toHaveLength(0);
});

test('asks the platform’s API without cookies, with the snippet’s owner, limit and category', async () => {
  const fetchImpl = respond(answer([]));
  await mountOwnerWidgets(
    page('<div data-rendime-owner="123" data-layout="list" data-limit="4" data-category="5"></div>'),
    PLATFORM,
    '1.0.0',
    fetchImpl,
  );
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  const [url, init] = fetchImpl.mock.calls[0];
  expect(url).toBe('https://rendime.example/api/public/owners/123/widget-products?limit=4&category=5');
  expect(init?.credentials).toBe('omit');
});

test('a title with markup is shown as text: no element, no handler reaches the page', async () => {
  const evil = '<img src=x onerror="window.__pwned=1">Tool';
  const fetchImpl = respond(answer([product({ title: evil })]));
  await mountOwnerWidgets(page('<div data-rendime-owner="7"></div>'), PLATFORM, '1.0.0', fetchImpl);
  const root = shadow('[data-rendime-owner]');
  expect(root.querySelector('.rw-title')?.textContent).toBe(evil);
  // The only image is the product's own.
  expect(root.querySelectorAll('img')).toHaveLength(1);
  expect(root.querySelector('img[onerror]')).toBeNull();
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
});

test('a javascript: product URL never becomes a link, and a product with a broken shape is skipped', async () => {
  const fetchImpl = respond(
    answer([product({ id: 1, productUrl: 'javascript:alert(1)' }), { id: 2 } as OwnerWidgetProduct, product({ id: 3, title: 'Korras' })]),
  );
  await mountOwnerWidgets(page('<div data-rendime-owner="7"></div>'), PLATFORM, '1.0.0', fetchImpl);
  const root = shadow('[data-rendime-owner]');
  expect(cards(root).map((c) => c.getAttribute('data-product-id'))).toEqual(['3']);
});

test('grid and list layouts: the list layout puts the cards in one column', async () => {
  const fetchImpl = respond(answer([product()]));
  await mountOwnerWidgets(
    page(
      '<div id="g" data-rendime-owner="7" data-layout="grid"></div><div id="l" data-rendime-owner="7" data-layout="list"></div><div id="x" data-rendime-owner="7" data-layout="bogus"></div>',
    ),
    PLATFORM,
    '1.0.0',
    fetchImpl,
  );
  expect(shadow('#g').querySelector('.rw')?.getAttribute('data-layout')).toBe('grid');
  expect(shadow('#l').querySelector('.rw')?.getAttribute('data-layout')).toBe('list');
  expect(shadow('#x').querySelector('.rw')?.getAttribute('data-layout')).toBe('grid');
  expect(shadow('#l').querySelector('style')?.textContent).toContain('.rw[data-layout="list"] .rw-list { grid-template-columns: 1fr; }');
});

test('several widget elements on one page all render, each with its own owner', async () => {
  const fetchImpl = jest.fn(async (url: string) => {
    const owner = Number(/owners\/(\d+)\//.exec(url)?.[1]);
    return {
      ok: true,
      status: 200,
      json: async () => answer([product({ id: owner * 10, title: `Toode ${owner}` })]),
    } as unknown as Response;
  });
  await mountOwnerWidgets(
    page('<div id="a" data-rendime-owner="7"></div><p>tekst</p><div id="b" data-rendime-owner="8"></div>'),
    PLATFORM,
    '1.0.0',
    fetchImpl as unknown as typeof fetch,
  );
  expect(shadow('#a').querySelector('.rw-title')).toHaveTextContent('Toode 7');
  expect(shadow('#b').querySelector('.rw-title')).toHaveTextContent('Toode 8');
});

test('shows the loading state while the API answers, then the empty state when the owner has nothing to show', async () => {
  let answerNow: (v: unknown) => void = () => undefined;
  const fetchImpl = jest.fn(() => new Promise((resolve) => (answerNow = resolve))) as unknown as typeof fetch;
  const done = mountOwnerWidgets(page('<div data-rendime-owner="7"></div>'), PLATFORM, '1.0.0', fetchImpl);
  const root = shadow('[data-rendime-owner]');
  expect(root.querySelector('[role=status]')).toHaveTextContent('Laadin tooteid…');
  answerNow({ ok: true, status: 200, json: async () => answer([]) });
  await done;
  expect(root.querySelector('[role=status]')).toHaveTextContent('Tooteid ei leitud');
});

test('an API error or a network failure shows the error state and leaves the other widgets alone, without a console line', async () => {
  const error = jest.spyOn(console, 'error');
  const fetchImpl = jest.fn(async (url: string) => {
    if (url.includes('/owners/1/')) throw new TypeError('Failed to fetch');
    if (url.includes('/owners/2/')) return { ok: false, status: 429, json: async () => ({}) } as unknown as Response;
    if (url.includes('/owners/3/')) return { ok: true, status: 200, json: async () => ({ nonsense: true }) } as unknown as Response;
    return { ok: true, status: 200, json: async () => answer([product()]) } as unknown as Response;
  });
  await mountOwnerWidgets(
    page(
      '<div id="a" data-rendime-owner="1"></div><div id="b" data-rendime-owner="2"></div><div id="c" data-rendime-owner="3"></div><div id="d" data-rendime-owner="4"></div>',
    ),
    PLATFORM,
    '1.0.0',
    fetchImpl as unknown as typeof fetch,
  );
  for (const id of ['#a', '#b', '#c']) expect(shadow(id).querySelector('[role=status]')).toHaveTextContent('Tooteid ei õnnestunud laadida');
  expect(cards(shadow('#d'))).toHaveLength(1);
  expect(error).not.toHaveBeenCalled();
});

test('an element without a valid owner id is left as it is; running twice renders each element once', async () => {
  const fetchImpl = respond(answer([product()]));
  const doc = page('<div id="bad" data-rendime-owner="abc">owner’s fallback text</div><div id="ok" data-rendime-owner="7"></div>');
  await mountOwnerWidgets(doc, PLATFORM, '1.0.0', fetchImpl);
  await mountOwnerWidgets(doc, PLATFORM, '1.0.0', fetchImpl);
  expect(document.querySelector('#bad')?.shadowRoot).toBeNull();
  expect(document.querySelector('#bad')).toHaveTextContent('owner’s fallback text');
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  expect(cards(shadow('#ok'))).toHaveLength(1);
});

test('an element a single-page host app adds after load is rendered too, once; other additions fetch nothing', async () => {
  const fetchImpl = respond(answer([product()]));
  const doc = page('<main id="app"></main>');
  const mount = () => void mountOwnerWidgets(doc, PLATFORM, '1.0.0', fetchImpl);
  mount();
  const observer = watchForNewWidgets(doc, mount);
  try {
    const app = doc.getElementById('app')!;
    app.append(doc.createElement('p'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchImpl).not.toHaveBeenCalled();

    const section = doc.createElement('section');
    section.innerHTML = '<div data-rendime-owner="7" data-layout="list" data-limit="3"></div>';
    app.append(section);
    await waitFor(() => expect(cards(shadow('[data-rendime-owner]'))).toHaveLength(1));
    app.append(doc.createElement('p'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  } finally {
    observer.disconnect();
  }
});

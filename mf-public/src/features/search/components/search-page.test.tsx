import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import type { SearchResultItem } from 'shared-kernel/schemas';
import { makeSearchResult, makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { SearchPage } from './search-page';

jest.mock('../../../components/map/lazy-map', () => ({ LazyMap: () => <div data-testid="map-stub" /> }));
// A screen wide enough for the map, whose markers the page then asks for.
jest.mock('../../../components/map/use-wide-enough-for-map', () => ({ useWideEnoughForMap: () => true }));
// GET /products/search with its query.
const searchMock = jest.fn<Promise<SearchResultItem[]>, [unknown]>();

// What the tests read off the page: two hits in all, 20 € a day each.
const item = (id: number, overrides: Partial<SearchResultItem> = {}) =>
  makeSearchResult({ id, title: `Haagis ${id}`, displayPrice: 20, loadedCount: 2, ...overrides });

const open = (route = '/public/search-products?search=haagis', session: ReturnType<typeof makeUser> | null = null) =>
  renderWithPlatform(
    <Routes>
      <Route path="/public/search-products" element={<SearchPage />} />
    </Routes>,
    { route, session },
  );

const markersMock = jest.fn((_query: unknown) => ({ markers: [], truncated: false }));
beforeEach(() => {
  searchMock.mockReset();
  markersMock.mockClear();
  mockApi({
    'GET /category': () => [{ id: 1, name: 'Haagised', parentCategoryId: null }],
    'GET /products/markers': ({ query }) => markersMock(query),
    'GET /products/search': ({ query }) => searchMock(query),
  });
});

describe('SearchPage', () => {
  it("says 'Tooteid ei leitud!' when nothing is found", async () => {
    searchMock.mockResolvedValue([]);
    open('/public/search-products?search=olematu');
    expect(await screen.findByTestId('no-results')).toHaveTextContent('Tooteid ei leitud!');
    expect(searchMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'olematu', page: 0 }));
  });

  it('explains the star of a pay-later price under the results', async () => {
    searchMock.mockResolvedValue([item(1), item(2, { paidLater: true })]);
    open();
    const prices = await screen.findAllByTestId('result-price');
    expect(prices[1]).toHaveTextContent('20 € / päev *');
    expect(screen.getByTestId('paid-later-note')).toHaveTextContent('* Tasumine rendi lõpus (omanik esitab arve).');
  });

  it('counts the hits, with + when the server stopped counting', async () => {
    searchMock.mockResolvedValueOnce([item(1)]).mockResolvedValueOnce([item(1, { loadedCount: 1000, loadedCountCapped: true })]);
    open();
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('Leitud tooteid: 2'));
    open('/public/search-products?search=auto');
    await waitFor(() => expect(screen.getAllByTestId('result-count')[1]).toHaveTextContent('Leitud tooteid: 1000+'));
  });

  it('shows no pay-later note when no result is paid later', async () => {
    searchMock.mockResolvedValue([item(1)]);
    open();
    await screen.findAllByTestId('result-card');
    expect(screen.queryByTestId('paid-later-note')).toBeNull();
  });

  it('names the pagination by the page it is on, counting the URL from 1 as the label does', async () => {
    searchMock.mockResolvedValue([item(1, { loadedCount: 45 })]);
    function Address() {
      return <output data-testid="address">{useLocation().search}</output>;
    }
    renderWithPlatform(
      <>
        <Routes>
          <Route path="/public/search-products" element={<SearchPage />} />
        </Routes>
        <Address />
      </>,
      { route: '/public/search-products?search=haagis&page=2' },
    );
    expect(await screen.findByRole('navigation', { name: 'Leht 2 / 3' })).toBeInTheDocument();
    expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Järgmine' }));
    expect(await screen.findByRole('navigation', { name: 'Leht 3 / 3' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?search=haagis&page=3');
    expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Eelmine' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Eelmine' }));
    expect(await screen.findByRole('navigation', { name: 'Leht 1 / 3' })).toBeInTheDocument();
    // The first page has no `page` in its address.
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?search=haagis$/);
  });

  it('opens an old link with page=0 on the first page quietly, and a bad page on the first page with a notice', async () => {
    searchMock.mockResolvedValue([item(1, { loadedCount: 45 })]);
    const { unmount } = open('/public/search-products?search=haagis&page=0');
    expect(await screen.findByRole('navigation', { name: 'Leht 1 / 3' })).toBeInTheDocument();
    expect(screen.queryByTestId('search-ignored')).toBeNull();
    expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 0 }));
    unmount();
    open('/public/search-products?search=haagis&page=-2');
    expect(await screen.findByRole('navigation', { name: 'Leht 1 / 3' })).toBeInTheDocument();
    expect(screen.getByTestId('search-ignored')).toHaveTextContent(
      'Lingis olid vigased väärtused, mida otsing ei arvestanud: lehekülg. Ülejäänud filtrid kehtivad.',
    );
    expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 0 }));
  });

  /** The search's answer by page (the API's index from 0), as the API gives it: no hits past the end. */
  const byPage = (pages: Record<number, SearchResultItem[]>) => (query: unknown) =>
    Promise.resolve(pages[(query as { page: number }).page] ?? []);
  function Address() {
    return <output data-testid="address">{useLocation().search}</output>;
  }
  const openWithAddress = (route: string) =>
    renderWithPlatform(
      <>
        <Routes>
          <Route path="/public/search-products" element={<SearchPage />} />
        </Routes>
        <Address />
      </>,
      { route },
    );

  it('shows the last page, the real count and a way back for a page past the end, saying so', async () => {
    // 313 hits: 16 pages of 20; the API answers page 17 (index 16) with nothing, and so no count.
    const full = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i, [item(i * 20 + 1, { loadedCount: 313 })]]));
    searchMock.mockImplementation(byPage({ ...full, 15: [item(301, { loadedCount: 313 }), item(302, { loadedCount: 313 })] }));
    openWithAddress('/public/search-products?search=haagis&page=17');
    expect(await screen.findByTestId('search-past-end')).toHaveTextContent(
      'Lehte 17 ei ole: leitud tooted mahuvad 16 lehele. Näitan viimast lehte.',
    );
    expect(screen.getByTestId('result-count')).toHaveTextContent('Leitud tooteid: 313');
    expect(screen.queryByTestId('no-results')).toBeNull();
    expect(screen.getAllByTestId('result-card')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Haagis 301' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Leht 16 / 16' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Järgmine' })).toBeDisabled();
    expect(searchMock.mock.calls.map(([query]) => (query as { page: number }).page)).toEqual([16, 0, 15]);
    // Back from the last page shown, not from the page the link asked for.
    fireEvent.click(screen.getByRole('button', { name: 'Eelmine' }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\?search=haagis&page=15$/));
    expect(await screen.findByRole('navigation', { name: 'Leht 15 / 16' })).toBeInTheDocument();
    expect(searchMock).toHaveBeenLastCalledWith(expect.objectContaining({ page: 14 }));
    expect(screen.getByRole('link', { name: 'Haagis 281' })).toBeInTheDocument();
    expect(screen.queryByTestId('search-past-end')).toBeNull();
  });

  it('names the page a far link asks for, and shows the first page when all hits fit on it', async () => {
    searchMock.mockImplementation(byPage({ 0: [item(1), item(2)] }));
    open('/public/search-products?search=haagis&page=999999');
    expect(await screen.findByTestId('search-past-end')).toHaveTextContent(
      'Lehte 999999 ei ole: leitud tooted mahuvad 1 lehele. Näitan viimast lehte.',
    );
    expect(screen.getByTestId('result-count')).toHaveTextContent('Leitud tooteid: 2');
    expect(screen.getAllByTestId('result-card')).toHaveLength(2);
    // The API's bound on the page index, then its first page for the count, which is also the last.
    expect(searchMock.mock.calls.map(([query]) => (query as { page: number }).page)).toEqual([10000, 0]);
    expect(screen.queryByTestId('search-ignored')).toBeNull();
  });

  it("says 'Tooteid ei leitud!' without a past-the-end notice when a later page of a search finds nothing at all", async () => {
    searchMock.mockResolvedValue([]);
    open('/public/search-products?search=olematu&page=3');
    expect(await screen.findByTestId('no-results')).toHaveTextContent('Tooteid ei leitud!');
    expect(screen.getByTestId('result-count')).toHaveTextContent('Leitud tooteid: 0');
    expect(screen.queryByTestId('search-past-end')).toBeNull();
  });

  it("clears the whole search with 'Tühjenda': the form, the sort, the address and the results follow, with no message", async () => {
    const haagis = [item(1, { loadedCount: 64 })];
    const all = [item(2, { title: 'Kõik 2', loadedCount: 313 })];
    searchMock.mockImplementation((query) => Promise.resolve((query as { name?: string }).name ? haagis : all));
    openWithAddress('/public/search-products?search=haagis&sort=CHEAP_FIRST');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('Leitud tooteid: 64'));
    expect(screen.getByRole('combobox', { name: 'Järjesta' })).toHaveValue('CHEAP_FIRST');
    fireEvent.click(screen.getByRole('button', { name: 'Tühjenda' }));
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('Leitud tooteid: 313'));
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
    expect(screen.getByRole('textbox', { name: 'Otsingusõna' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Järjesta' })).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Kõik 2' })).toBeInTheDocument();
    expect(searchMock).toHaveBeenLastCalledWith({ page: 0, perPage: 20 });
    expect(screen.queryByTestId('search-warning')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("copies the product link and confirms with 'Kopeeritud.' for 1.5 s", async () => {
    searchMock.mockResolvedValue([item(7)]);
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open('/public/search-products?search=haagis', makeUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Jaga' }));
    jest.useFakeTimers();
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Kopeeri link' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/public/detail-view/7`);
      expect(screen.getByTestId('copied')).toHaveTextContent('Kopeeritud.');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1400);
      });
      expect(screen.getByTestId('copied')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      await waitFor(() => expect(screen.queryByTestId('copied')).toBeNull());
    } finally {
      jest.useRealTimers();
    }
  });

  it('searches the list and the map with the period and prices of the URL, and prices cards for the period', async () => {
    searchMock.mockResolvedValue([item(1, { periodPrice: 62 })]);
    open('/public/search-products?search=haagis&from=2099-06-05&to=2099-06-06&maxPrice=100&sort=CHEAP_FIRST');
    expect(await screen.findByTestId('result-price')).toHaveTextContent('62,00 € / 2 päeva');
    const period = { from: '2099-06-05', to: '2099-06-06', maxPrice: 100 };
    expect(searchMock).toHaveBeenCalledWith(expect.objectContaining({ ...period, sort: 'CHEAP_FIRST' }));
    await waitFor(() => expect(markersMock).toHaveBeenCalledWith(expect.objectContaining(period)));
    expect(screen.getByRole('link', { name: 'Haagis 1' })).toHaveAttribute('href', '/public/detail-view/1?from=2099-06-05&to=2099-06-06');
  });

  it("shows the API's refusal of a period by the period fields, not as a failure", async () => {
    const message = 'Broneerida saab kuni 12 kuud ette.';
    searchMock.mockRejectedValue(new ApiError({ status: 400, code: 'VALIDATION_ERROR', message }));
    open('/public/search-products?search=haagis&from=2199-06-05&to=2199-06-06');
    const refusal = await screen.findByTestId('search-refusal');
    expect(refusal).toHaveTextContent(message);
    expect(screen.queryByText('Laadimine ebaõnnestus')).toBeNull();
  });

  it("names in Estonian what of a shared link's period and prices it left out, and searches by the rest", async () => {
    searchMock.mockResolvedValue([item(1)]);
    open('/public/search-products?search=haagis&from=2026-13-45&to=2026-12-02&minPrice=abc&maxPrice=90');
    const notice = await screen.findByTestId('search-ignored');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent(
      'Lingis olid vigased väärtused, mida otsing ei arvestanud: rendiaeg, hind alates. Ülejäänud filtrid kehtivad.',
    );
    await screen.findByTestId('results-grid');
    expect(searchMock).toHaveBeenCalledWith(expect.objectContaining({ name: 'haagis', maxPrice: 90 }));
    expect(searchMock.mock.calls.every(([query]) => !('from' in (query as object)) && !('minPrice' in (query as object)))).toBe(true);
    expect(screen.getByLabelText('Kuni (€)')).toHaveValue('90');
  });

  it('leaves out a period in the past, names it with a bad category and sort, and searches by the rest', async () => {
    searchMock.mockResolvedValue([item(1)]);
    open('/public/search-products?search=haagis&from=2020-01-01&to=2020-01-02&cat=abc&sort=foo');
    const notice = await screen.findByTestId('search-ignored');
    expect(notice).toHaveTextContent(
      'Lingi rendiaeg on möödas ja jäi otsingust välja. Lingis olid vigased väärtused, mida otsing ei arvestanud: kategooria, järjestus. Ülejäänud filtrid kehtivad.',
    );
    expect(await screen.findByTestId('result-count')).toHaveTextContent('Leitud tooteid: 2');
    await screen.findByTestId('results-grid');
    expect(searchMock.mock.calls.map(([query]) => query)).toEqual([expect.objectContaining({ name: 'haagis' })]);
    expect(searchMock.mock.calls[0][0]).not.toHaveProperty('from');
    expect(screen.queryByTestId('search-refusal')).toBeNull();
  });

  it('says nothing of a link whose values are all good', async () => {
    searchMock.mockResolvedValue([item(1)]);
    open('/public/search-products?search=haagis&from=2099-06-05&to=2099-06-06&minPrice=10');
    await screen.findByTestId('results-grid');
    expect(screen.queryByTestId('search-ignored')).toBeNull();
  });

  it("shows a bare 400 without the API's words as a sentence, never as its status", async () => {
    searchMock.mockRejectedValue(new ApiError({ status: 400, code: 'HTTP_400', message: 'Bad Request' }));
    open('/public/search-products?search=haagis&from=2099-06-05&to=2099-06-06');
    const refusal = await screen.findByTestId('search-refusal');
    expect(refusal).toHaveTextContent('Nende filtritega ei saa otsida. Kontrolli rendiaega ja hinda.');
    expect(screen.queryByText(/Bad Request|400/)).toBeNull();
  });
});

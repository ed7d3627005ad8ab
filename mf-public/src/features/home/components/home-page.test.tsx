import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import type { Product } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { randomSliderPage } from '../model/links';
import { HomePage } from './home-page';
import { ProductSlider } from './product-slider';

// GET /products?page&perPage, as (page, perPage).
const pageMock = jest.fn<Promise<Product[]>, [number, number]>();

function product(id: number, name: string): Product {
  return {
    id,
    name,
    description: 'Kirjeldus',
    images: [{ id: 1, url: `/api/files/${id}.jpg`, title: name }],
    paidLater: false,
    startTs: '08:00',
    endTs: '20:00',
    rentDays: [],
    vacationDays: [],
    priceDaily: 25,
    priceHour: null,
    threeDay: null,
    aweek: null,
    twoWeek: null,
    month: null,
    weekendDay: null,
    createdTs: '2024-01-01T00:00:00Z',
    deleted: false,
    inactiveReason: null,
    categoryId: 17,
    userId: 1,
    allowVat: false,
    cost: 0,
    rating: null,
    additionalServices: [],
    automaticallyApproved: false,
    automaticallyApprovedTxt: null,
    productCode: null,
    reservations: [],
    location: null,
    lat: null,
    lon: null,
    locationDescription: null,
    loadedCount: 1,
  };
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderHome(ui = <HomePage />) {
  renderWithPlatform(
    <Routes>
      <Route path="/public" element={ui} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/public', session: null },
  );
}

beforeEach(() => {
  pageMock.mockReset();
  mockApi({ 'GET /products': ({ query }) => pageMock(Number(query?.page), Number(query?.perPage)) });
});

describe('front page', () => {
  it('loads 7 products of a random page 0-3 for the slider; tiles cut titles at 17 then …, cards at 20', async () => {
    pageMock.mockResolvedValue([product(5, 'Väga pika nimega sõiduautohaagis')]);
    renderHome();
    const slider = await screen.findByTestId('product-slider');
    await waitFor(() => expect(within(slider).getByTestId('tile-title').textContent).toBe('Väga pika nimega…'));
    // The full name stays the tile link's accessible name (its start; the price follows).
    expect(within(slider).getByRole('link', { name: /^Väga pika nimega sõiduautohaagis\b/ })).toBeInTheDocument();
    // The 'latest' item cards cut at 20 characters.
    expect(within(screen.getByTestId('latest-list')).getByText('Väga pika nimega sõi…')).toBeInTheDocument();
    const [page, perPage] = pageMock.mock.calls[0];
    expect(perPage).toBe(7);
    expect(page).toBeGreaterThanOrEqual(0);
    expect(page).toBeLessThanOrEqual(3);
    const img = screen.getAllByRole('img', { name: /Väga pika/ })[0];
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it("keeps the slider's cards inside its scroller, so the page never scrolls sideways (issue 32)", async () => {
    pageMock.mockResolvedValue([product(5, 'Haagis'), product(6, 'Kärru')]);
    renderHome(<ProductSlider page={0} />);
    const cards = await screen.findAllByTestId('slider-card');
    // Each card sits in a snap box inside the track.
    const track = cards[0].parentElement!.parentElement!;
    // The track scrolls and holds its content; each card holds its screen-reader name copy
    // (absolutely positioned), which a scroller does not clip when its containing block is outside.
    const style = getComputedStyle(track);
    expect([style.overflowX, style.position, style.minWidth, style.maxWidth]).toEqual(['auto', 'relative', '0', '100%']);
    for (const card of cards) expect(card).toHaveStyle({ position: 'relative' });
  });

  it('random page covers 0..3 only', () => {
    expect(randomSliderPage(() => 0)).toBe(0);
    expect(randomSliderPage(() => 0.999999)).toBe(3);
    expect(randomSliderPage(() => 0.5)).toBe(2);
  });

  it('hides the slider silently when the load is empty or fails', async () => {
    pageMock.mockResolvedValueOnce([]);
    renderHome(<ProductSlider page={1} />);
    await waitFor(() => expect(screen.queryByTestId('product-slider')).toBeNull());
    pageMock.mockRejectedValueOnce(new Error('down'));
    renderHome(<ProductSlider page={2} />);
    await waitFor(() => expect(screen.queryByTestId('product-slider')).toBeNull());
  });

  it('a slider card opens the product view', async () => {
    pageMock.mockResolvedValue([product(42, 'Haagis')]);
    renderHome(<ProductSlider page={0} />);
    fireEvent.click(await screen.findByRole('link', { name: /^Haagis\b/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/public/detail-view/42');
  });

  it.each([
    ['tile-vehicles', '/otsing/soidukid/rent'],
    ['tile-homeAndGarden', '/public/search-products?cat=7'],
    ['tile-videoAudio', '/public/search-products?cat=6'],
    ['tile-trailers', '/otsing/haagised/rent'],
    ['tile-hobby', '/public/search-products?cat=2'],
    ['tile-heavyMachinery', '/otsing/rasketehnika/rent'],
    ['tile-tools', '/otsing/tooriistad/rent'],
  ])('tile %s links to %s', async (testId, to) => {
    pageMock.mockResolvedValue([]);
    renderHome();
    await act(async () => {});
    expect(screen.getByTestId(testId)).toHaveAttribute('href', to);
  });

  it('chips and the join button go to the spec routes', async () => {
    pageMock.mockResolvedValue([]);
    renderHome();
    await act(async () => {});
    const chips = screen.getByTestId('category-chips');
    const hrefs = Array.from(chips.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/otsing/haagised/rent',
      '/otsing/soidukid/rent',
      '/otsing/rasketehnika/rent',
      '/otsing/saunade/rent',
      '/otsing/tooriistad/rent',
      '/otsing/tekstiilipesur/rent',
    ]);
    expect(screen.getByTestId('join-button')).toHaveAttribute('href', '/public/signup');
    expect(screen.getByRole('link', { name: 'Korduma kippuvad küsimused' })).toHaveAttribute('href', '/public/kkk');
    expect(screen.getByTestId('category-circles').querySelectorAll('a').length).toBeGreaterThanOrEqual(7);
  });
});

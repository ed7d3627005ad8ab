import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { deferred, makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import type { Feedback, ProductDetails } from 'shared-kernel/schemas';
import { ProductPage } from './product-page';

jest.mock('../../../components/map/lazy-map', () => ({ LazyMap: () => <div data-testid="map-stub" /> }));
// GET /products/:id/details, as (id).
const details = jest.fn<Promise<ProductDetails>, [number]>();
const review = (id: number, author: string, comment: string): Feedback => ({
  id,
  author,
  rating: 4.5,
  comment,
  createdTs: '2025-01-01T00:00:00Z',
  userId: 9,
  productId: 12,
  contractId: null,
});
let api: MockedApi;
// The dialogs are lazy chunks of the page; compiling them once up front keeps that cost (seconds on a
// busy machine) out of the tests that open one.
beforeAll(async () => {
  await Promise.all([import('./feedback-dialog'), import('./complaint-dialog')]);
});

beforeEach(() => {
  details.mockReset();
  api = mockApi({
    'GET /products/:id/details': ({ params }) => details(Number(params.id)),
    'GET /feedback/:id': () => [review(1, 'Mari Maasikas', 'Hea')],
    'GET /comments/:id': () => [],
  });
});

function product(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    id: 12,
    name: 'Respo kastihaagis',
    description: 'Hea haagis',
    paidLater: false,
    startTs: '08:00',
    endTs: '18:00',
    rentDays: ['MONDAY'],
    vacationDays: [],
    images: [
      { id: 1, url: '/a.jpg', title: 'a' },
      { id: 2, url: '/b.jpg', title: 'b' },
    ],
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
    rating: 4.5,
    additionalServices: [{ id: 1, name: 'Rihmad', cost: 5, additionalInfo: null }],
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

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

const page = (route: string, session: ReturnType<typeof makeUser> | null = null) =>
  renderWithPlatform(
    <Routes>
      <Route path="/public/detail-view/:id" element={<ProductPage />} />
      <Route path="/public/raasilla" element={<ProductPage />} />
      <Route path="/public/deleted" element={<p>deleted view</p>} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );

const notFound = () => new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Toodet ei leitud' });

describe('ProductPage', () => {
  afterEach(() => jest.restoreAllMocks());
  it('shows every section; prices with VAT; the first image dropped after the cutoff', async () => {
    // Today is pinned: the VAT shown is the rate of the day (24 % from July 2025).
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-01-15T10:00:00Z'));
    details.mockResolvedValue(product());
    page('/public/detail-view/12');
    expect(await screen.findByTestId('product-name')).toHaveTextContent('Respo kastihaagis');
    expect(document.title).toBe('Respo kastihaagis | Rendime');
    expect(screen.getByTestId('product-category')).toHaveTextContent('Haagised - Sõiduautohaagised');
    expect(screen.getAllByTestId('gallery-image')).toHaveLength(1);
    // One money format on the page: two decimals everywhere (no '11,2 €' beside '12 €'). The day
    // price is what a one-day booking totals (10 € + 24 % VAT); a service adds the 10 % fee too.
    expect(screen.getByTestId('price-priceDaily')).toHaveTextContent(/^12,40\s€$/);
    expect(screen.getByTestId('price-threeDay')).toHaveTextContent(/^11,16\s€$/);
    expect(screen.getByTestId('deposit')).toHaveTextContent(/100,00\s€/);
    expect(screen.getByTestId('services')).toHaveTextContent(/Rihmad6,70\s€/);
    expect(await screen.findByTestId('feedback-author')).toHaveTextContent('Mari Ma');
    expect(screen.getByTestId('booking')).toBeInTheDocument();
    expect(screen.getByTestId('map-stub')).toBeInTheDocument();
    expect(screen.getByTestId('questions')).toBeInTheDocument();
    // Visitors get no share/feedback buttons.
    expect(screen.queryByRole('button', { name: 'Jaga' })).toBeNull();
  });

  it('shows member buttons to a signed-in user, but not on product 229', async () => {
    details.mockResolvedValue(product());
    page('/public/detail-view/12', makeUser({ id: 50 }));
    expect(await screen.findByRole('button', { name: 'Jaga' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anna tagasisidet' })).toBeInTheDocument();
  });

  it('opens product 229 on /public/raasilla without member buttons', async () => {
    details.mockImplementation(async (id: number) => product({ id, name: 'Rääsilla kardisõit' }));
    page('/public/raasilla', makeUser({ id: 50 }));
    expect(await screen.findByTestId('product-name')).toHaveTextContent('Rääsilla kardisõit');
    expect(details).toHaveBeenLastCalledWith(229);
    expect(screen.queryByRole('button', { name: 'Jaga' })).toBeNull();
  });

  it('prices the go-kart per 20-minute ride per rider, not by its day price', async () => {
    details.mockImplementation(async (id: number) =>
      product({ id, name: 'Rääsilla kardisõit', priceDaily: 20, threeDay: null, allowVat: true }),
    );
    page('/public/raasilla');
    const prices = await screen.findByTestId('prices');
    expect(screen.getByTestId('price-goKartSlot')).toHaveTextContent(/^20,00\s€ \/ 20 min sõit ühele sõitjale$/);
    expect(prices).toHaveTextContent('Sõiduaeg');
    expect(prices).not.toHaveTextContent('Päev');
    expect(prices).not.toHaveTextContent('24');
  });

  it('keeps no empty room under the booking section when the release has no booking panel', async () => {
    details.mockResolvedValue(product({ automaticallyApproved: true }));
    page('/public/detail-view/12');
    const unavailable = await screen.findByTestId('booking-unavailable');
    // The room (46rem for pay-and-rent) is kept only where the panel will come.
    for (let box: HTMLElement | null = unavailable; box && box.getAttribute('data-testid') !== 'booking'; box = box.parentElement)
      expect(getComputedStyle(box).minHeight).not.toMatch(/rem$/);
  });

  it('the booking placeholder asks only anonymous visitors to sign in', async () => {
    details.mockResolvedValue(product());
    const { unmount } = page('/public/detail-view/12');
    await screen.findByTestId('product-name');
    const anonymous = await screen.findByTestId('booking-unavailable');
    expect(anonymous).toHaveTextContent('sisse logida');
    expect(within(anonymous).getByRole('link', { name: 'Logi sisse' })).toHaveAttribute(
      'href',
      '/public/login?goto=%2Fpublic%2Fdetail-view%2F12',
    );
    unmount();

    page('/public/detail-view/12', makeUser({ id: 50 }));
    await screen.findByTestId('product-name');
    const signedIn = await screen.findByTestId('booking-unavailable');
    expect(signedIn).toHaveTextContent('Broneerimine avaneb siin peagi. Seni saad omanikuga ühendust võtta.');
    expect(signedIn).not.toHaveTextContent(/logi|sisse/i);
    expect(within(signedIn).getByRole('link', { name: 'Võta ühendust' })).toBeInTheDocument();
  });

  it('sends a deleted product, or one taken off rent, to the deleted view (the spec: it redirects)', async () => {
    for (const gone of [product({ deleted: true }), product({ inactiveReason: 'Hoolduses' })]) {
      details.mockResolvedValue(gone);
      const view = page('/public/detail-view/12');
      await waitFor(() => expect(screen.getByText('deleted view')).toBeInTheDocument());
      view.unmount();
    }
  });

  it('the my-rentals breadcrumb (another slice) navigates through the router, not by a page load', async () => {
    details.mockResolvedValue(product());
    page('/public/detail-view/12', makeUser({ id: 50 }));
    const crumb = await screen.findByRole('link', { name: 'Minu rendid' });
    expect(crumb).toHaveAttribute('href', '/auth/my-rentals');
    await userEvent.click(crumb);
    // A plain <a href> would leave the router where it was (jsdom does not load pages).
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth/my-rentals');
  });

  it('shows the second product when the id changes while the first answer is still on its way', async () => {
    const first = deferred<ProductDetails>();
    details.mockImplementation((id) => (id === 1 ? first.promise : Promise.resolve(product({ id, name: 'Teine toode' }))));
    renderWithPlatform(
      <>
        <Link to="/public/detail-view/2">järgmine</Link>
        <Routes>
          <Route path="/public/detail-view/:id" element={<ProductPage />} />
        </Routes>
      </>,
      { route: '/public/detail-view/1' },
    );
    await waitFor(() => expect(details).toHaveBeenCalledWith(1));
    fireEvent.click(screen.getByRole('link', { name: 'järgmine' }));
    expect(await screen.findByTestId('product-name')).toHaveTextContent('Teine toode');
    // The slow answer for product 1 arrives last and changes nothing.
    await act(async () => first.resolve(product({ id: 1, name: 'Esimene toode' })));
    expect(screen.getByTestId('product-name')).toHaveTextContent('Teine toode');
    expect(screen.getByTestId('product-page')).toHaveAttribute('data-product-id', '2');
  });

  it("says the product was not found for a 404, and 'load failed' for other failures", async () => {
    details.mockRejectedValueOnce(notFound()).mockRejectedValueOnce(new ApiError({ status: 500, code: 'HTTP_500', message: 'x' }));
    const first = page('/public/detail-view/404');
    expect(await screen.findByRole('alert')).toHaveTextContent('Toodet ei leitud.');
    first.unmount();
    page('/public/detail-view/500');
    expect(await screen.findByRole('alert')).toHaveTextContent('Laadimine ebaõnnestus');
  });

  it('shows a new review once it is saved, without reloading the page', async () => {
    const saved: Feedback[] = [review(1, 'Mari Maasikas', 'Hea')];
    details.mockResolvedValue(product());
    api.on({
      'GET /feedback/:id': () => [...saved],
      'POST /feedback/': ({ body }) => {
        const sent = body as { rating: number; comment: string };
        const created = { ...review(2, 'Jaan Tamm', sent.comment), rating: sent.rating };
        saved.push(created);
        return created;
      },
    });
    page('/public/detail-view/12', makeUser({ id: 50 }));
    expect(await screen.findAllByTestId('feedback-item')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Anna tagasisidet' }));
    const dialog = await screen.findByTestId('feedback-dialog');
    fireEvent.change(dialog.querySelector('select[name="rating"]') as HTMLSelectElement, { target: { value: '5' } });
    fireEvent.change(dialog.querySelector('textarea[name="comment"]') as HTMLTextAreaElement, { target: { value: 'Väga hea haagis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saada' }));
    await waitFor(() => expect(screen.getAllByTestId('feedback-item')).toHaveLength(2));
    expect(screen.getAllByTestId('feedback-item')[1]).toHaveTextContent('Väga hea haagis');
    // The details (and so the rating) were asked again too.
    expect(api.requests('GET /products/:id/details')).toHaveLength(2);
  });
});

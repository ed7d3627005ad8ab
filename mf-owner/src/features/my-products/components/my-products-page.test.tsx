import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { makeOwnerProduct } from '../../../testing/owner-fixtures';
import { MyProductsPage } from './my-products-page';

const owner = makeUser({ id: 8 });
const LONG = 'Rataslaadur Volvo L30G koos kopaga';

describe('MyProductsPage', () => {
  it('asks the tab of tabId, the first (all) when missing or unknown, and switches tabs', async () => {
    const u = userEvent.setup();
    const api = mockApi({ 'GET /products/my-products': ({ query }) => [makeOwnerProduct({ id: 1, name: `Toode ${String(query?.tab)}` })] });
    const { unmount } = renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products?tabId=inactive' });
    expect(await screen.findByText('Toode inactive')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mitteaktiivsed' })).toHaveAttribute('aria-selected', 'true');
    unmount();

    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products?tabId=nonsense' });
    expect(await screen.findByText('Toode all')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Kõik' })).toHaveAttribute('aria-selected', 'true');
    await u.click(screen.getByRole('tab', { name: 'Broneeritud' }));
    expect(await screen.findByText('Toode reserved')).toBeInTheDocument();
    expect(api.requests('GET /products/my-products').map((r) => r.query?.tab)).toEqual(['inactive', 'all', 'reserved']);
  });

  it("warns on a product's card when its outside calendars fail, naming each by host, as the product page does", async () => {
    mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({
          id: 1,
          name: 'Haagis',
          failingCalendars: [
            { host: 'calendar.google.com', error: 'HTTP_STATUS', warning: null },
            { host: 'www.airbnb.com', error: 'NOT_CALENDAR', warning: null },
          ],
        }),
        makeOwnerProduct({ id: 2, name: 'Kanuu' }),
      ],
    });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    const [failing, fine] = await screen.findAllByTestId('owner-product-card');
    const warning = within(failing).getByTestId('calendar-import-warning');
    expect(warning).toHaveAttribute('role', 'status');
    const lines = within(warning).getAllByText(/^Väline kalender/);
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Väline kalender calendar\.google\.com ei uuene: \S/),
      expect.stringMatching(/^Väline kalender www\.airbnb\.com ei uuene: \S/),
    ]);
    expect(warning).toHaveTextContent('Vaata „Kalendrite sünkroonimine“.');
    expect(within(fine).queryByTestId('calendar-import-warning')).toBeNull();
  });

  it("says on a product's card up to when a calendar with too many events holds the product (issue 32)", async () => {
    mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({
          id: 1,
          name: 'Haagis',
          failingCalendars: [
            // 12:00 on 1 March in Tallinn (UTC+2).
            { host: 'www.airbnb.com', error: null, warning: { code: 'TOO_MANY_EVENTS', honouredUntil: '2027-03-01T10:00:00.000Z' } },
            {
              host: 'calendar.google.com',
              error: 'TIMEOUT',
              warning: { code: 'TOO_MANY_EVENTS', honouredUntil: '2027-02-01T10:00:00.000Z' },
            },
          ],
        }),
      ],
    });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    const warning = within(await screen.findByTestId('owner-product-card')).getByTestId('calendar-import-warning');
    const lines = within(warning)
      .getAllByText(/^Väli(ne|ses) kalend/)
      .map((l) => l.textContent?.replace('.2027', ''));
    expect(lines).toEqual([
      'Välises kalendris www.airbnb.com on üle 2000 tulevase sündmuse: toodet hoiavad kinni ainult sündmused, mis algavad enne 01.03 12:00. Hilisemaid sündmusi ei arvestata.',
      'Väline kalender calendar.google.com ei uuene: kalendri server ei vastanud õigel ajal.',
      'Välises kalendris calendar.google.com on üle 2000 tulevase sündmuse: toodet hoiavad kinni ainult sündmused, mis algavad enne 01.02 12:00. Hilisemaid sündmusi ei arvestata.',
    ]);
  });

  it('cuts the card title at 20 characters with the whole name as its title, and shows the daily price with VAT', async () => {
    mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({ id: 1, name: LONG, priceDaily: 100, allowVat: true }),
        makeOwnerProduct({ id: 2, name: 'Kanuu', priceDaily: 100, allowVat: false }),
      ],
    });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    const [vatCard, plainCard] = await screen.findAllByTestId('owner-product-card');
    const title = within(vatCard).getByTestId('card-title');
    expect(title).toHaveTextContent(/^Rataslaadur Volvo L3…$/);
    expect(title).toHaveAttribute('title', LONG);
    // 100 € net plus the standard VAT of today (24 % since July 2025).
    expect(within(vatCard).getByText('124,00 € / päev')).toBeInTheDocument();
    expect(within(plainCard).getByText('100,00 € / päev')).toBeInTheDocument();
    expect(within(plainCard).getByTestId('card-title')).toHaveTextContent('Kanuu');
  });

  it("shows the go-kart track at the riders' 20 € a ride, not its stored day price with VAT on top (issue 25)", async () => {
    const u = userEvent.setup();
    mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({ id: GO_KART_PRODUCT_ID, name: 'Rääsilla kardisõit', priceDaily: 20, priceHour: null, allowVat: true }),
      ],
    });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    const [kart] = await screen.findAllByTestId('owner-product-card');
    expect(within(kart).getByTestId('card-price')).toHaveTextContent(/^20,00\s€ \/ 20 min sõit ühele sõitjale$/);
    await u.click(within(kart).getByRole('button', { name: 'Lisainfo' }));
    const details = within(kart).getByTestId('product-details');
    expect(details).toHaveTextContent('20,00 € / 20 min sõit ühele sõitjale');
    expect(details).not.toHaveTextContent('24,80');
    expect(details).not.toHaveTextContent('Päev:');
  });

  it('shows the status, the owner links and the expander with prices, rental time, services and description', async () => {
    const u = userEvent.setup();
    mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({
          id: 5,
          rentedNow: true,
          priceHour: 3,
          aweek: 50,
          description: 'Tugev haagis',
          additionalServices: [{ id: 1, name: 'Kinnitusrihmad', cost: 5, additionalInfo: null }],
        }),
        makeOwnerProduct({ id: 6, name: 'Vana haagis', active: false, deleted: true, inactiveReason: 'Katki' }),
      ],
    });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    const [rented, inactive] = await screen.findAllByTestId('owner-product-card');
    expect(within(rented).getByText('Hetkel renditud')).toBeInTheDocument();
    expect(within(inactive).getByText('Mitteaktiivne: Katki')).toBeInTheDocument();
    expect(within(rented).getByRole('link', { name: 'Vaata detailselt' })).toHaveAttribute('href', '/auth/detail-view/5');
    expect(within(rented).getByRole('link', { name: 'Muuda' })).toHaveAttribute('href', '/auth/edit-product/5');
    expect(within(rented).getByRole('link', { name: 'Avalik vaade' })).toHaveAttribute('href', '/public/detail-view/5');
    expect(within(rented).queryByRole('button', { name: 'Taasta' })).not.toBeInTheDocument();

    const expander = within(rented).getByRole('button', { name: 'Lisainfo' });
    expect(expander).toHaveAttribute('aria-expanded', 'false');
    await u.click(expander);
    expect(expander).toHaveAttribute('aria-expanded', 'true');
    const details = within(rented).getByTestId('product-details');
    expect(details).toHaveTextContent('Tund: 3,00 €');
    expect(details).toHaveTextContent('Päev: 10,00 €');
    expect(details).toHaveTextContent('Alates nädalast: 50,00 €');
    expect(details).toHaveTextContent('Rendipäevad: E - R');
    expect(details).toHaveTextContent('Kellaajad: 08:00–18:00');
    expect(details).toHaveTextContent('Kinnitusrihmad: 5,00 €');
    expect(details).toHaveTextContent('Tugev haagis');
  });

  it('copies the public link when shared and says so', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /products/my-products': () => [makeOwnerProduct({ id: 5 })] });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    await u.click(await screen.findByRole('button', { name: 'Jaga' }));
    expect(await screen.findByText('Kopeeritud.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/public/detail-view/5`);
  });

  it('restores an inactive product and reads the list again 1.5 s later', async () => {
    const u = userEvent.setup();
    let restored = false;
    const api = mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({ id: 6, name: 'Vana haagis', active: restored, deleted: !restored, inactiveReason: restored ? null : 'Katki' }),
      ],
      'PUT /products/:id/restore': () => {
        restored = true;
        return makeOwnerProduct({ id: 6 });
      },
    });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products?tabId=all' });
    await u.click(await screen.findByRole('button', { name: 'Taasta' }));
    expect(api.requests('PUT /products/:id/restore')[0].path).toBe('/products/6/restore');
    await waitFor(() => expect(screen.getByText('Aktiivne')).toBeInTheDocument(), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Taasta' })).not.toBeInTheDocument();
    expect(api.requests('GET /products/my-products')).toHaveLength(2);
  });

  it('shows the empty text and the give-for-rent link', async () => {
    mockApi({ 'GET /products/my-products': () => [] });
    renderWithPlatform(<MyProductsPage />, { session: owner, route: '/auth/my-products' });
    expect(await screen.findByText('Sul pole tooteid, mida kuvada.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anna rendile' })).toHaveAttribute('href', '/auth/add-product');
  });
});

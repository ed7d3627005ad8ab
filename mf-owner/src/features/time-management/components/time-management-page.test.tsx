import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { makeOwnerProduct, makeOwnerReservation } from '../../../testing/owner-fixtures';
import { TimeManagementPage } from './time-management-page';

// A table with its dialogs renders slowly on a busy CI machine.
jest.setTimeout(30000);

const owner = makeUser({ id: 8 });

const products = [
  makeOwnerProduct({ id: 1, name: 'Betoonisegisti', categoryId: 30, categoryName: 'Ehitustehnika ja tööriistad', priceDaily: 20 }),
  makeOwnerProduct({ id: 2, name: 'Autohaagis', categoryId: 17, categoryName: 'Haagised', priceDaily: 15, rentedNow: true }),
  makeOwnerProduct({
    id: 3,
    name: 'Kanuu',
    categoryId: 40,
    categoryName: 'Veesõidukid',
    priceDaily: 30,
    active: false,
    deleted: true,
    inactiveReason: 'Katki',
  }),
];

/** The rows' product names, top to bottom. */
function rowNames(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent ?? '');
}

function renderPage(route = '/auth/time-management') {
  return renderWithPlatform(<TimeManagementPage />, { session: owner, route });
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens the product's manual-rent dialog from its row and types the five fields. */
async function fillManualRent(u: User, product: string, v: { income: string; start: string; end: string; name: string; phone: string }) {
  await screen.findByRole('table');
  await u.click(screen.getByRole('button', { name: `Lisa käsitsi rent: ${product}` }));
  const dialog = await screen.findByTestId('manual-rent-dialog');
  await u.type(within(dialog).getByRole('textbox', { name: /Tulu/ }), v.income);
  await u.type(within(dialog).getByLabelText(/Algus/), v.start);
  await u.type(within(dialog).getByLabelText(/Lõpp/), v.end);
  await u.type(within(dialog).getByRole('textbox', { name: /nimi/ }), v.name);
  await u.type(within(dialog).getByRole('textbox', { name: /telefon/ }), v.phone);
  return dialog;
}

describe('TimeManagementPage', () => {
  it('lists inactive first, then rented now, with the status as text and the row colour', async () => {
    const api = mockApi({ 'GET /products/my-products': () => products });
    renderPage('/auth/time-management?tabId=whatever');
    await screen.findByRole('table');
    expect(api.requests('GET /products/my-products')[0].query).toMatchObject({ tab: 'all' });
    expect(rowNames()).toEqual(['Kanuu', 'Autohaagis', 'Betoonisegisti']);
    const [inactive, rented, active] = screen.getAllByRole('row').slice(1);
    expect(inactive).toHaveTextContent('Mitteaktiivne: Katki');
    expect(inactive).toHaveAttribute('data-status', 'inactive');
    expect(rented).toHaveTextContent('Hetkel renditud');
    expect(rented).toHaveAttribute('data-status', 'rentedNow');
    expect(active).toHaveTextContent('Aktiivne');
  });

  it("shows each day price as the owner's other views do, and the go-kart track's price a ride (issue 25)", async () => {
    mockApi({
      'GET /products/my-products': () => [
        makeOwnerProduct({ id: 150, name: 'Käärtõstuk Skyjack SJ4632', priceDaily: 100, allowVat: true }),
        makeOwnerProduct({ id: GO_KART_PRODUCT_ID, name: 'Rääsilla kardisõit', priceDaily: 20, allowVat: true }),
      ],
    });
    renderPage();
    await screen.findByRole('table');
    const priceOf = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')[3]
        .textContent?.replace(/\s/g, ' ');
    // 100 € net plus today's 24 % VAT: the edit form and 'Minu tooted' show the same 124,00.
    expect(priceOf('Skyjack')).toBe('124,00 €');
    expect(priceOf('kardisõit')).toBe('20,00 € / 20 min sõit ühele sõitjale');
  });

  it('asks the tab of tabId', async () => {
    const api = mockApi({ 'GET /products/my-products': () => [] });
    renderPage('/auth/time-management?tabId=reserved');
    expect(await screen.findByText('Sul pole tooteid, mida kuvada.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Broneeritud' })).toHaveAttribute('aria-selected', 'true');
    expect(api.requests('GET /products/my-products')[0].query).toMatchObject({ tab: 'reserved' });
  });

  it('sorts by a column ascending, then descending, then back to the default order', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /products/my-products': () => products });
    renderPage();
    await screen.findByRole('table');
    const byPrice = screen.getByRole('button', { name: 'Sorteeri: Päevahind' });
    await u.click(byPrice);
    expect(rowNames()).toEqual(['Autohaagis', 'Betoonisegisti', 'Kanuu']);
    expect(byPrice.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await u.click(byPrice);
    expect(rowNames()).toEqual(['Kanuu', 'Betoonisegisti', 'Autohaagis']);
    await u.click(byPrice);
    expect(rowNames()).toEqual(['Kanuu', 'Autohaagis', 'Betoonisegisti']);
    await u.click(screen.getByRole('button', { name: 'Sorteeri: Nimi' }));
    expect(rowNames()).toEqual(['Autohaagis', 'Betoonisegisti', 'Kanuu']);
  });

  it('filters by category buttons named by the first 20 characters', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /products/my-products': () => products });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Kategooriad' });
    const long = within(nav).getByRole('button', { name: 'Ehitustehnika ja töö' });
    expect(long).toHaveAttribute('title', 'Ehitustehnika ja tööriistad');
    await u.click(long);
    expect(rowNames()).toEqual(['Betoonisegisti']);
    await u.click(within(nav).getByRole('button', { name: 'Kõik' }));
    expect(rowNames()).toHaveLength(3);
  });

  it('pages by 10 by default, and by 5 or 25 as chosen', async () => {
    const u = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => makeOwnerProduct({ id: i + 1, name: `Toode ${String(i + 1).padStart(2, '0')}` }));
    mockApi({ 'GET /products/my-products': () => many });
    renderPage();
    await screen.findByRole('table');
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByTestId('page-info')).toHaveTextContent('1–10 / 12');
    await u.click(screen.getByRole('button', { name: 'Järgmine leht' }));
    expect(rowNames()).toEqual(['Toode 11', 'Toode 12']);
    await u.selectOptions(screen.getByRole('combobox', { name: 'Ridu lehel' }), '5');
    expect(rowNames()).toHaveLength(5);
    expect(screen.getByTestId('page-info')).toHaveTextContent('1–5 / 12');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Ridu lehel' }), '25');
    expect(rowNames()).toHaveLength(12);
    expect(
      within(screen.getByRole('combobox', { name: 'Ridu lehel' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25']);
  });

  it('hides the category and next-reservation columns in the compact view', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /products/my-products': () => products });
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: /Kategooria/ })).toBeInTheDocument();
    await u.click(screen.getByRole('checkbox', { name: 'Kompaktne vaade' }));
    expect(screen.queryByRole('columnheader', { name: /Kategooria/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Järgmine broneering/ })).not.toBeInTheDocument();
  });

  it('removes the selected products after a confirm and reads the list again 1.5 s later', async () => {
    const u = userEvent.setup();
    let removed: number[] = [];
    const api = mockApi({
      'GET /products/my-products': () =>
        products.map((p) => (removed.includes(p.id) ? { ...p, active: false, deleted: true, rentedNow: false } : p)),
      'POST /products/bulk-edit-delete/user/:userId': ({ body }) => {
        removed = (body as { productIds: number[] }).productIds;
        return [];
      },
    });
    renderPage();
    await screen.findByRole('table');
    const bulk = screen.getByRole('button', { name: 'Eemalda rendist' });
    expect(bulk).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: 'Vali Autohaagis' }));
    await u.click(screen.getByRole('checkbox', { name: 'Vali Betoonisegisti' }));
    await u.click(screen.getByRole('button', { name: 'Eemalda rendist (2)' }));
    const dialog = await screen.findByTestId('bulk-remove-dialog');
    expect(dialog).toHaveTextContent('Kas eemaldada rendist 2 toodet?');
    await u.click(within(dialog).getByRole('button', { name: 'Jah' }));
    await waitFor(() => expect(api.requests('POST /products/bulk-edit-delete/user/:userId')).toHaveLength(1));
    const request = api.requests('POST /products/bulk-edit-delete/user/:userId')[0];
    expect(request.path).toBe('/products/bulk-edit-delete/user/8');
    expect((request.body as { productIds: number[] }).productIds.sort()).toEqual([1, 2]);
    await waitFor(() => expect(screen.getAllByText(/^Mitteaktiivne/)).toHaveLength(3), { timeout: 3000 });
  });

  it('sends a manual rent as instants with the income in euros, and closes on success', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-products': () => products,
      'POST /reservations/product/:id/manual': () => ({ id: 99 }),
    });
    renderPage();
    const dialog = await fillManualRent(u, 'Autohaagis', {
      income: '45,50',
      start: '2026-12-01T08:00',
      end: '2026-12-03T18:00',
      name: 'Toomas Tamm',
      phone: '+37255512345',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Salvesta' }));
    await waitFor(() => expect(screen.queryByTestId('manual-rent-dialog')).not.toBeInTheDocument());
    const request = api.requests('POST /reservations/product/:id/manual')[0];
    expect(request.path).toBe('/reservations/product/2/manual');
    // Winter time in Tallinn is UTC+2.
    expect(request.body).toEqual({
      income: 45.5,
      startTs: '2026-12-01T06:00:00.000Z',
      endTs: '2026-12-03T16:00:00.000Z',
      personName: 'Toomas Tamm',
      personPhone: '+37255512345',
    });
    await waitFor(() => expect(api.requests('GET /products/my-products')).toHaveLength(2));
  });

  it("shows UNAVAILABLE's booking text and keeps the dialog open; checks the period before sending", async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-products': () => products,
      'POST /reservations/product/:id/manual': () => {
        throw new ApiError({ status: 409, code: 'UNAVAILABLE', message: 'Unavailable' });
      },
    });
    renderPage();
    const dialog = await fillManualRent(u, 'Betoonisegisti', {
      income: '10',
      start: '2026-12-03T08:00',
      end: '2026-12-01T08:00',
      name: 'Toomas',
      phone: '5551234',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Salvesta' }));
    expect(await within(dialog).findByText('Algusaeg on pärast lõppaega.')).toBeInTheDocument();
    expect(api.requests('POST /reservations/product/:id/manual')).toHaveLength(0);

    await u.clear(within(dialog).getByLabelText(/Lõpp/));
    await u.type(within(dialog).getByLabelText(/Lõpp/), '2026-12-05T08:00');
    await u.click(within(dialog).getByRole('button', { name: 'Salvesta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Toode on antud ajavahemikus juba broneeritud.');
    expect(api.requests('POST /reservations/product/:id/manual')).toHaveLength(1);
  });

  it('refuses a time the spring DST night skips with the reason, not as start after end, and sends nothing', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-products': () => products,
      'POST /reservations/product/:id/manual': () => ({ id: 99 }),
    });
    renderPage();
    // 28 March 2027: the clocks go from 03:00 to 04:00, so 03:30 read on would be 04:30, after the end.
    const dialog = await fillManualRent(u, 'Autohaagis', {
      income: '10',
      start: '2027-03-28T03:30',
      end: '2027-03-28T04:00',
      name: 'Toomas',
      phone: '5551234',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Salvesta' }));
    expect(await within(dialog).findByTestId('error-start')).toHaveTextContent(
      'Kellaaega 03:30 ei ole 28.03.2027 Eesti ajas (kellad keeratakse sel ööl tund edasi). Vali teine kellaaeg.',
    );
    expect(within(dialog).queryByText('Algusaeg on pärast lõppaega.')).toBeNull();
    expect(api.requests('POST /reservations/product/:id/manual')).toHaveLength(0);

    // 31 October 2027: 03:30 happens twice; the first one (summer time, UTC+3) is meant.
    await u.clear(within(dialog).getByLabelText(/Algus/));
    await u.type(within(dialog).getByLabelText(/Algus/), '2027-10-31T03:30');
    await u.clear(within(dialog).getByLabelText(/Lõpp/));
    await u.type(within(dialog).getByLabelText(/Lõpp/), '2027-10-31T05:00');
    await u.click(within(dialog).getByRole('button', { name: 'Salvesta' }));
    await waitFor(() => expect(api.requests('POST /reservations/product/:id/manual')).toHaveLength(1));
    expect(api.requests('POST /reservations/product/:id/manual')[0].body).toMatchObject({
      startTs: '2027-10-31T00:30:00.000Z',
      endTs: '2027-10-31T03:00:00.000Z',
    });
  });

  // Issue 25: the server refused a period outside the product's hours, and the notice said 'already booked'.
  it.each([
    [['UNAVAILABLE', 'OUTSIDE_RENT_HOURS'], 'Üleandmine ja tagastamine peavad jääma toote rendiaegade sisse.'],
    [['UNAVAILABLE', 'NOT_RENT_DAY'], 'Toodet ei saa sel päeval üle anda ega tagastada.'],
    [['IS_VACATION_DAY'], 'Valitud ajavahemikku jääb omaniku puhkepäev, mil toodet ei rendita.'],
    [['INVALID_TIMES'], 'Algusaeg on enne praegust ajahetke.'],
  ])('names the reason of a refused period (%j)', async (codes, text) => {
    const u = userEvent.setup();
    mockApi({
      'GET /products/my-products': () => products,
      'POST /reservations/product/:id/manual': () => {
        throw new ApiError({ status: 409, code: codes[0], codes, message: 'x' });
      },
    });
    renderPage();
    const dialog = await fillManualRent(u, 'Betoonisegisti', {
      income: '40',
      start: '2026-12-01T05:00',
      end: '2026-12-01T09:00',
      name: 'Toomas',
      phone: '5551234',
    });
    await u.click(within(dialog).getByRole('button', { name: 'Salvesta' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent('juba broneeritud');
  });

  it("lists every reservation the server sent, with a manual one's person, phone and cancel link", async () => {
    const u = userEvent.setup();
    const withReservations = makeOwnerProduct({
      id: 4,
      name: 'Paat',
      ownerReservations: [
        makeOwnerReservation({ id: 1, status: 'FINISHED', startTs: '2026-11-01T06:00:00.000Z', endTs: '2026-11-02T06:00:00.000Z' }),
        makeOwnerReservation({ id: 2, status: 'REQUESTED', renterName: 'Riina Rentija' }),
        makeOwnerReservation({ id: 3, status: 'MANUAL', hash: 'manualHASH123', renterName: 'Toomas Tamm', personPhone: '+37255512345' }),
      ],
    });
    mockApi({ 'GET /products/my-products': () => [withReservations] });
    renderPage();
    await screen.findByRole('table');
    await u.click(screen.getByRole('button', { name: 'Broneeringud: Paat' }));
    const dialog = await screen.findByTestId('reservations-dialog');
    const items = within(dialog).getAllByTestId('owner-reservation');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Lõpetatud');
    expect(items[1]).toHaveTextContent('Kinnitamata');
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Käsitsi');
    expect(items[2]).toHaveTextContent('Rentija: Toomas Tamm');
    expect(items[2]).toHaveTextContent('Telefon: +37255512345');
    expect(within(items[2]).getByRole('link', { name: 'Tühistamise leht' })).toHaveAttribute(
      'href',
      '/public/reservation-cancel/manualHASH123/Toomas%20Tamm',
    );
  });
});

describe('the all-products calendar link (issue 32)', () => {
  it('opens from the page and asks for the link only then', async () => {
    const u = userEvent.setup();
    const api = mockApi({ 'GET /products/my-products': () => products, 'GET /calendar-links/all': () => ({ link: null }) });
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Minu kalendri link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kõigi minu toodete kalender' });
    expect(await within(dialog).findByText('Linki pole veel loodud.')).toBeInTheDocument();
    expect(api.requests('GET /calendar-links/all')).toHaveLength(1);
  });
});

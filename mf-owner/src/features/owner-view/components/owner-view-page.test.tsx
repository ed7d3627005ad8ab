import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'shared-kernel/router';
import type { CalendarImport } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { makeOwnerProduct, makeOwnerReservation, NO_TECHNICAL } from '../../../testing/owner-fixtures';
import { OwnerViewPage } from './owner-view-page';

const owner = makeUser({ id: 8 });
const calendarImport: CalendarImport = {
  id: 1,
  url: 'https://calendar.example.com/haagis.ics',
  createdTs: '2026-11-01T08:00:00.000Z',
  lastAttemptTs: '2026-11-27T08:00:00.000Z',
  lastSuccessTs: '2026-11-26T08:00:00.000Z',
  error: null,
  warning: null,
  pending: false,
  blockedCount: 0,
  upcoming: [],
};

function renderAt(id: number) {
  return renderWithPlatform(
    <Routes>
      <Route path="/auth/detail-view/:id" element={<OwnerViewPage />} />
      <Route path="/public/detail-view/:id" element={<p>Avalik tooteleht</p>} />
    </Routes>,
    { session: owner, route: `/auth/detail-view/${id}` },
  );
}

const lift = makeOwnerProduct({
  id: 5,
  name: 'Käärtõstuk Genie',
  categoryId: 61,
  parentCategoryId: 60,
  technical: {
    ...NO_TECHNICAL,
    liftType: 'Järelveetav korvtõstuk',
    platformHeight: 12,
    platformMeasurements: 'Platvorm 2,3 x 1,2 m koos piirdega',
  },
  description: 'Töökõrgus 12 m',
  additionalServices: [{ id: 1, name: 'Transport', cost: 40, additionalInfo: 'Tartu piires' }],
  vacationDays: ['2026-12-24'],
  ownerReservations: [
    makeOwnerReservation({ id: 70, status: 'ACCEPTED', startTs: '2026-12-01T06:00:00.000Z', endTs: '2026-12-03T06:00:00.000Z' }),
  ],
});

describe('OwnerViewPage', () => {
  it("shows the owner's product: chips cut at 30, description, services, rentable days, reservations and questions", async () => {
    mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [
        {
          id: 1,
          author: 'Kalle',
          comment: 'Kas sobib siseruumi?',
          productId: 5,
          parentId: null,
          userId: 3,
          createdTs: '2026-11-01T10:00:00Z',
          children: [],
        },
      ],
    });
    renderAt(5);
    expect(await screen.findByRole('heading', { name: 'Käärtõstuk Genie' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Omadused' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual([
      'Tõstuki tüüp: Järelveetav korv',
      'Töökõrgus: 12 m',
      'Platvormi mõõdud: Platvorm 2,3',
    ]);
    expect(chips[0]).toHaveAttribute('title', 'Tõstuki tüüp: Järelveetav korvtõstuk');
    expect(screen.getByText('Töökõrgus 12 m')).toBeInTheDocument();
    expect(screen.getByText(/Transport: 40,00 €/)).toHaveTextContent('(Tartu piires)');
    expect(screen.getByText('Rendipäevad: E - R')).toBeInTheDocument();
    expect(screen.getByText('Puhkepäevad: 24.12.2026')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Broneeringud' })).getByText(/01\.12(\.2026)? 08:00 – 03\.12(\.2026)? 08:00 · Kinnitatud/),
    ).toBeInTheDocument();
    expect(await screen.findByText('Kas sobib siseruumi?')).toBeInTheDocument();
    expect(screen.getByText('Vastamata')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Muuda' })).toHaveAttribute('href', '/auth/edit-product/5');
  });

  it("redirects a product that is not the caller's to its public page", async () => {
    mockApi({ 'GET /products/my-products': () => [lift] });
    renderAt(99);
    expect(await screen.findByText('Avalik tooteleht')).toBeInTheDocument();
  });

  it('lists reservations and rest days by month in the calendar dialog', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /products/my-products': () => [lift], 'GET /comments/:productId': () => [] });
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Kalender' }));
    const dialog = await screen.findByTestId('calendar-dialog');
    const december = within(dialog).getByRole('region', { name: 'detsember 2026' });
    expect(december).toHaveTextContent(/01\.12(\.2026)? 08:00 – 03\.12(\.2026)? 08:00 · Kinnitatud/);
    expect(december).toHaveTextContent('Puhkepäev 24.12.2026');
    expect(within(dialog).getByRole('link', { name: 'Ava toodete haldus' })).toHaveAttribute('href', '/auth/time-management');
  });

  it('opens the product’s calendar sync, asking for its link only then (issue 32)', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [],
      'GET /calendar-links/products/:id': () => ({ link: null }),
      'GET /products/:id/calendar-imports': () => [],
    });
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Kalendrite sünkroonimine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kalendrite sünkroonimine: Käärtõstuk Genie' });
    expect(await within(dialog).findByText('Linki pole veel loodud.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Ühtegi kalendrit pole lisatud.')).toBeInTheDocument();
    expect(api.requests('GET /calendar-links/products/:id').map((r) => r.path)).toEqual(['/calendar-links/products/5']);
  });

  it('warns on the product page when an outside calendar no longer refreshes, and counts its periods in the calendar (issue 32)', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [],
      'GET /products/:id/calendar-imports': () => [
        { ...calendarImport, id: 1, error: 'TIMEOUT', blockedCount: 2 },
        { ...calendarImport, id: 2, blockedCount: 3 },
        { ...calendarImport, id: 3, url: 'https://ical.other.ee/x.ics', error: 'NOT_CALENDAR' },
      ],
    });
    renderAt(5);
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent('Väline kalender calendar.example.com ei uuene: kalendri server ei vastanud õigel ajal.');
    expect(warning).toHaveTextContent('Vaata „Kalendrite sünkroonimine“.');
    // One line per failing calendar, each named, so the owner knows which one to fix.
    expect(
      within(warning)
        .getAllByText(/^Väline kalender .* ei uuene/)
        .map((line) => line.textContent?.split(' ei uuene')[0]),
    ).toEqual(['Väline kalender calendar.example.com', 'Väline kalender ical.other.ee']);
    expect(api.requests('GET /products/:id/calendar-imports')[0].path).toBe('/products/5/calendar-imports');

    await u.click(screen.getByRole('button', { name: 'Kalender' }));
    const dialog = await screen.findByTestId('calendar-dialog');
    expect(within(dialog).getByText('Välistest kalendritest kinni perioode: 5')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Väline kalender calendar.example.com ei uuene: kalendri server ei vastanud õigel ajal.',
    );
  });

  it('says in the calendar that an outside calendar is being read, and counts its periods once it is (issue 32)', async () => {
    const u = userEvent.setup();
    let row: CalendarImport = { ...calendarImport, lastAttemptTs: null, lastSuccessTs: null, pending: true };
    mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [],
      'GET /products/:id/calendar-imports': () => [row],
    });
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Kalender' }));
    const dialog = await screen.findByTestId('calendar-dialog');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Kalendrit loetakse…');
    row = { ...calendarImport, blockedCount: 3 };
    expect(await within(dialog).findByText('Välistest kalendritest kinni perioode: 3', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(within(dialog).queryByText('Kalendrit loetakse…')).not.toBeInTheDocument();
  });

  it('says in the calendar up to when an outside calendar with too many events holds the product (issue 32)', async () => {
    const u = userEvent.setup();
    mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [],
      'GET /products/:id/calendar-imports': () => [
        {
          ...calendarImport,
          blockedCount: 2000,
          warning: { code: 'TOO_MANY_EVENTS', honouredUntil: '2027-03-01T10:00:00.000Z' },
        },
      ],
    });
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Kalender' }));
    const dialog = await screen.findByTestId('calendar-dialog');
    const warning = await within(dialog).findByRole('status');
    expect(warning.textContent?.replace('.2027', '')).toContain(
      'Välises kalendris calendar.example.com on üle 2000 tulevase sündmuse: toodet hoiavad kinni ainult sündmused, mis algavad enne 01.03 12:00. Hilisemaid sündmusi ei arvestata.',
    );
    // A good read: nothing says the calendar does not refresh.
    expect(within(dialog).queryByText(/ei uuene/)).not.toBeInTheDocument();
  });

  it('lists the first coming periods of the outside calendars by date, each with its calendar, and how many more (issue 32)', async () => {
    const period = (day: number, hours = 0) => ({
      startTs: `2026-12-${String(day).padStart(2, '0')}T${String(8 + hours).padStart(2, '0')}:00:00.000Z`,
      endTs: `2026-12-${String(day + 1).padStart(2, '0')}T08:00:00.000Z`,
    });
    mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [],
      'GET /products/:id/calendar-imports': () => [
        { ...calendarImport, id: 1, blockedCount: 6, upcoming: [period(3), period(9), period(12), period(20)] },
        {
          ...calendarImport,
          id: 2,
          url: 'webcal://ical.other.ee/x.ics',
          blockedCount: 3,
          upcoming: [period(1, 2), period(10), period(11)],
        },
      ],
    });
    const u = userEvent.setup();
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Kalender' }));
    const dialog = await screen.findByTestId('calendar-dialog');
    const list = await within(dialog).findByRole('list', { name: 'Välistest kalendritest kinni' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\.2026/g, ''));
    // Tallinn time (UTC+2 in December), by start across both calendars, the first five of nine.
    expect(lines).toEqual([
      '01.12 12:00 – 02.12 10:00 · ical.other.ee',
      '03.12 10:00 – 04.12 10:00 · calendar.example.com',
      '09.12 10:00 – 10.12 10:00 · calendar.example.com',
      '10.12 10:00 – 11.12 10:00 · ical.other.ee',
      '11.12 10:00 – 12.12 10:00 · ical.other.ee',
    ]);
    expect(within(dialog).getByText('Välistest kalendritest kinni perioode: 9')).toBeInTheDocument();
    expect(within(dialog).getByText('ja veel 4')).toBeInTheDocument();
  });

  it('shows no calendar warning while every outside calendar refreshes', async () => {
    mockApi({
      'GET /products/my-products': () => [lift],
      'GET /comments/:productId': () => [],
      'GET /products/:id/calendar-imports': () => [{ ...calendarImport, id: 2, blockedCount: 3 }],
    });
    const u = userEvent.setup();
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Kalender' }));
    // The list has been read: the calendar counts its periods.
    expect(
      await within(await screen.findByTestId('calendar-dialog')).findByText('Välistest kalendritest kinni perioode: 3'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Väline kalender ei uuene/)).not.toBeInTheDocument();
  });

  it('removes with the reason typed, then reads the product again 1.5 s later', async () => {
    const u = userEvent.setup();
    let removed = false;
    const api = mockApi({
      'GET /products/my-products': () => [removed ? { ...lift, active: false, deleted: true, inactiveReason: 'Remondis' } : lift],
      'GET /comments/:productId': () => [],
      'POST /products/:id/delete': () => {
        removed = true;
        return { ...lift, active: false };
      },
    });
    renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Eemalda' }));
    const dialog = await screen.findByTestId('remove-product-dialog');
    await u.type(within(dialog).getByRole('textbox', { name: /Põhjus/ }), 'Remondis');
    await u.click(within(dialog).getByRole('button', { name: 'Eemalda' }));
    await waitFor(() => expect(screen.queryByTestId('remove-product-dialog')).not.toBeInTheDocument());
    expect(api.requests('POST /products/:id/delete')[0]).toMatchObject({
      path: '/products/5/delete',
      body: { inActiveReason: 'Remondis' },
    });
    expect(await screen.findByText('Mitteaktiivne: Remondis', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Taasta' })).toBeInTheDocument();
  });

  it('sends no reason when none is typed, and restores an inactive product', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /products/my-products': () => [lift, makeOwnerProduct({ id: 6, name: 'Vana', active: false, deleted: true })],
      'GET /comments/:productId': () => [],
      'POST /products/:id/delete': () => lift,
      'PUT /products/:id/restore': () => lift,
    });
    const { unmount } = renderAt(5);
    await u.click(await screen.findByRole('button', { name: 'Eemalda' }));
    await u.click(within(await screen.findByTestId('remove-product-dialog')).getByRole('button', { name: 'Eemalda' }));
    await waitFor(() => expect(api.requests('POST /products/:id/delete')).toHaveLength(1));
    expect(api.requests('POST /products/:id/delete')[0].body).toEqual({ inActiveReason: null });
    unmount();

    renderAt(6);
    await u.click(await screen.findByRole('button', { name: 'Taasta' }));
    await waitFor(() => expect(api.requests('PUT /products/:id/restore')).toHaveLength(1));
    expect(api.requests('PUT /products/:id/restore')[0].path).toBe('/products/6/restore');
  });
});

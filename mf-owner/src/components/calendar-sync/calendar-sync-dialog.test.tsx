import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { format, messages } from 'shared-kernel/messages';
import { CALENDAR_URL_MAX, type CalendarImport } from 'shared-kernel/schemas';
import { deferred, makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { CalendarSyncDialog } from './calendar-sync-dialog';
import { CALENDAR_READ_POLL_MS } from './model/calendar-scope';

// Dialogs with forms render slowly on a busy CI machine.
jest.setTimeout(30000);

const owner = makeUser({ id: 8 });
const trailer = { id: 5, name: 'Kastihaagis Tartus' };
const URL_1 = 'https://localhost:3000/api/calendars/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_2 = 'https://localhost:3000/api/calendars/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

const failing: CalendarImport = {
  id: 31,
  url: 'https://calendar.example.com/<b>minu</b>.ics',
  createdTs: '2026-11-01T08:00:00.000Z',
  lastAttemptTs: '2026-11-20T10:30:00.000Z',
  lastSuccessTs: '2026-11-20T08:00:00.000Z',
  error: 'NOT_CALENDAR',
  warning: null,
  pending: false,
  blockedCount: 3,
  upcoming: [],
};

afterEach(() => jest.restoreAllMocks());

/** As in a browser, elements have a size: the dialog's focus trap finds what to focus (jsdom has no layout). */
function laidOut() {
  jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
}

function openProductSync() {
  renderWithPlatform(<CalendarSyncDialog product={trailer} open onClose={() => undefined} />, { session: owner });
}

describe('calendar sync of a product', () => {
  it('makes a private link to copy, makes it anew and revokes it', async () => {
    const u = userEvent.setup();
    const urls = [URL_1, URL_2];
    const api = mockApi({
      'GET /calendar-links/products/:id': () => ({ link: null }),
      'POST /calendar-links/products/:id': () => ({ link: { url: urls.shift(), createdTs: '2026-11-27T08:00:00.000Z' } }),
      'DELETE /calendar-links/products/:id': () => ({ ok: true }),
      'GET /products/:id/calendar-imports': () => [],
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog', { name: 'Kalendrite sünkroonimine: Kastihaagis Tartus' });
    expect(api.requests('GET /calendar-links/products/:id')[0].path).toBe('/calendar-links/products/5');
    expect(await within(dialog).findByText('Linki pole veel loodud.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tühista link' })).not.toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Loo link' }));
    const field = await within(dialog).findByLabelText('Privaatne kalendri link');
    expect(field).toHaveValue(URL_1);
    expect(field).toHaveAttribute('readonly');
    await u.click(within(dialog).getByRole('button', { name: 'Kopeeri link' }));
    expect(await within(dialog).findByText(messages.common.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(URL_1);

    // A new link replaces the shown one (the old one stops working on the server).
    expect(within(dialog).getByText('Uue lingi loomisel lakkab vana link töötamast.')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Loo uus link' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Privaatne kalendri link')).toHaveValue(URL_2));
    expect(api.requests('POST /calendar-links/products/:id')).toHaveLength(2);

    await u.click(within(dialog).getByRole('button', { name: 'Tühista link' }));
    await u.click(within(dialog).getByRole('button', { name: 'Jah, tühista' }));
    expect(await within(dialog).findByText('Linki pole veel loodud.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Privaatne kalendri link')).not.toBeInTheDocument();
    expect(api.requests('DELETE /calendar-links/products/:id')[0].path).toBe('/calendar-links/products/5');
  });

  it('leaves the untouched address field without an error while the owner makes a link', async () => {
    const u = userEvent.setup();
    laidOut();
    const linkAnswer = deferred<void>();
    mockApi({
      // The link comes after the dialog opened: the address field is then its first field.
      'GET /calendar-links/products/:id': async () => {
        await linkAnswer.promise;
        return { link: null };
      },
      'POST /calendar-links/products/:id': () => ({ link: { url: URL_1, createdTs: '2026-11-27T08:00:00.000Z' } }),
      'GET /products/:id/calendar-imports': () => [],
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(/Kalendri aadress/);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(field).not.toHaveFocus();
    linkAnswer.resolve();

    await u.click(await within(dialog).findByRole('button', { name: 'Loo link' }));
    expect(await within(dialog).findByLabelText('Privaatne kalendri link')).toHaveValue(URL_1);
    await u.click(within(dialog).getByRole('button', { name: 'Loo uus link' }));
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(messages.validation.required)).not.toBeInTheDocument();
  });

  it('keeps a too long calendar address whole and refuses it in words', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /calendar-links/products/:id': () => ({ link: null }),
      'GET /products/:id/calendar-imports': () => [],
      'POST /products/:id/calendar-imports': () => ({ ...failing, id: 40 }),
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    const long = `https://calendar.example.com/${'a'.repeat(CALENDAR_URL_MAX)}.ics`;
    const field = within(dialog).getByLabelText(/Kalendri aadress/);
    await u.click(field);
    await u.paste(long);
    expect(field).toHaveValue(long);
    await u.click(within(dialog).getByRole('button', { name: 'Lisa kalender' }));
    expect(await within(dialog).findByText(format(messages.validation.tooLong, { max: CALENDAR_URL_MAX }))).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests('POST /products/:id/calendar-imports')).toHaveLength(0);
  });

  it('asks before revoking the link, from the keyboard too', async () => {
    const u = userEvent.setup();
    laidOut();
    const api = mockApi({
      'GET /calendar-links/products/:id': () => ({ link: { createdTs: '2026-11-02T10:15:00.000Z' } }),
      'DELETE /calendar-links/products/:id': () => ({ ok: true }),
      'GET /products/:id/calendar-imports': () => [],
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    const revoke = await within(dialog).findByRole('button', { name: 'Tühista link' });
    revoke.focus();
    await u.keyboard('{Enter}');
    const question = within(dialog).getByRole('group', {
      name: 'Kas tühistada link? Selle kaudu tellitud kalendrid lakkavad uuenemast.',
    });
    // The safe answer has focus; Ei leaves the link working and gives focus back.
    expect(within(question).getByRole('button', { name: 'Ei' })).toHaveFocus();
    await u.keyboard('{Enter}');
    expect(question).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Tühista link' })).toHaveFocus();
    expect(api.requests('DELETE /calendar-links/products/:id')).toHaveLength(0);

    await u.keyboard('{Enter}');
    await u.keyboard('{Shift>}{Tab}{/Shift}');
    expect(within(dialog).getByRole('button', { name: 'Jah, tühista' })).toHaveFocus();
    await u.keyboard('{Enter}');
    expect(await within(dialog).findByText('Linki pole veel loodud.')).toBeInTheDocument();
    expect(api.requests('DELETE /calendar-links/products/:id')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Loo link' })).toHaveFocus();
  });

  it('says when a link was made without showing it again', async () => {
    mockApi({
      'GET /calendar-links/products/:id': () => ({ link: { createdTs: '2026-11-02T10:15:00.000Z' } }),
      'GET /products/:id/calendar-imports': () => [],
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Link on loodud 02\.11(\.2026)? 12:15\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Loo uus link' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Privaatne kalendri link')).not.toBeInTheDocument();
  });

  it('lists followed calendars with their state in Estonian, adds one and removes one', async () => {
    const u = userEvent.setup();
    let rows: CalendarImport[] = [failing];
    const api = mockApi({
      'GET /calendar-links/products/:id': () => ({ link: null }),
      'GET /products/:id/calendar-imports': () => rows,
      'POST /products/:id/calendar-imports': ({ body }) => {
        const url = (body as { url: string }).url;
        if (url.includes('duplicate'))
          throw new ApiError({ status: 409, code: 'DUPLICATE', message: messages.errors.calendar.importDuplicate });
        // Answered being read; read at once here (the next test waits for a read).
        rows = [...rows, { ...failing, id: 32, url, error: null, blockedCount: 1, lastSuccessTs: '2026-11-27T08:00:00.000Z' }];
        return { ...failing, id: 32, url, error: null, blockedCount: 0, lastAttemptTs: null, lastSuccessTs: null, pending: true };
      },
      'DELETE /products/:id/calendar-imports/:importId': ({ params }) => {
        rows = rows.filter((r) => r.id !== Number(params.importId));
        return { ok: true };
      },
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('list', { name: 'Lisatud kalendrid' });
    const [item] = within(list).getAllByRole('listitem');
    // The address is text, never markup.
    expect(within(item).getByText('https://calendar.example.com/<b>minu</b>.ics')).toBeInTheDocument();
    expect(within(item).getByText(/Viimati loetud: 20\.11(\.2026)? 10:00/)).toBeInTheDocument();
    expect(within(item).getByText('Kinni perioode: 3')).toBeInTheDocument();
    expect(within(item).getByRole('alert')).toHaveTextContent(
      'Viga: aadressilt ei tulnud iCal-kalendrit. Varem loetud ajad jäävad kinni, uusi ei lisandu.',
    );

    const field = within(dialog).getByLabelText(/Kalendri aadress/);
    await u.type(field, 'kalender');
    await u.click(within(dialog).getByRole('button', { name: 'Lisa kalender' }));
    expect(await within(dialog).findByText(messages.errors.calendar.importUrlInvalid)).toBeInTheDocument();
    expect(api.requests('POST /products/:id/calendar-imports')).toHaveLength(0);

    await u.clear(field);
    await u.click(field);
    await u.paste('https://calendar.example.com/duplicate.ics');
    await u.click(within(dialog).getByRole('button', { name: 'Lisa kalender' }));
    expect(await within(dialog).findByText(messages.errors.calendar.importDuplicate)).toBeInTheDocument();
    // The server's refusal of the address is the field's own error: marked invalid, named by it, focused.
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleErrorMessage(messages.errors.calendar.importDuplicate);
    expect(field).toHaveFocus();

    await u.clear(field);
    await u.click(field);
    await u.paste('https://calendar.example.com/teine.ics');
    await u.click(within(dialog).getByRole('button', { name: 'Lisa kalender' }));
    expect(await within(list).findByText('https://calendar.example.com/teine.ics')).toBeInTheDocument();
    expect(api.requests('POST /products/:id/calendar-imports').at(-1)).toMatchObject({
      path: '/products/5/calendar-imports',
      body: { url: 'https://calendar.example.com/teine.ics' },
    });
    expect(field).toHaveValue('');

    await u.click(within(item).getByRole('button', { name: 'Eemalda' }));
    await waitFor(() => expect(within(dialog).queryByText('https://calendar.example.com/<b>minu</b>.ics')).not.toBeInTheDocument());
    expect(api.requests('DELETE /products/:id/calendar-imports/:importId')[0].path).toBe('/products/5/calendar-imports/31');
  });
});

describe('a calendar being read', () => {
  it('says it is being read, asks again only meanwhile, and shows each read when it is in', async () => {
    const u = userEvent.setup();
    const url = 'https://calendar.example.com/uus.ics';
    const base: CalendarImport = { ...failing, id: 40, url, error: null, blockedCount: 0, lastAttemptTs: null, lastSuccessTs: null };
    let row: CalendarImport | null = null;
    let gets = 0;
    const api = mockApi({
      'GET /calendar-links/products/:id': () => ({ link: null }),
      'GET /products/:id/calendar-imports': () => {
        gets += 1;
        return row ? [row] : [];
      },
      'POST /products/:id/calendar-imports': () => (row = { ...base, pending: true }),
      'POST /products/:id/calendar-imports/:importId/refresh': () => (row = { ...row!, pending: true }),
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByLabelText(/Kalendri aadress/));
    await u.paste(url);
    await u.click(within(dialog).getByRole('button', { name: 'Lisa kalender' }));

    // Added: being read, with no reading to tell of yet.
    const item = await within(dialog).findByTestId('calendar-import');
    expect(await within(item).findByRole('status')).toHaveTextContent('Kalendrit loetakse…');
    expect(within(item).queryByText('Pole veel õnnestunud lugeda.')).not.toBeInTheDocument();
    expect(within(item).queryByText(/Kinni perioode/)).not.toBeInTheDocument();

    // The read comes in on the queue: the list, asking again by itself, shows it.
    const read = {
      ...base,
      pending: false,
      blockedCount: 4,
      lastAttemptTs: '2026-11-27T08:00:00.000Z',
      lastSuccessTs: '2026-11-27T08:00:00.000Z',
    };
    row = read;
    expect(await within(item).findByText('Kinni perioode: 4', {}, { timeout: CALENDAR_READ_POLL_MS * 3 })).toBeInTheDocument();
    expect(within(item).getByText(/Viimati loetud: 27\.11(\.2026)? 10:00/)).toBeInTheDocument();
    expect(within(item).queryByText('Kalendrit loetakse…')).not.toBeInTheDocument();
    // Nothing being read: nothing asked any more.
    const settled = gets;
    await new Promise((resolve) => setTimeout(resolve, CALENDAR_READ_POLL_MS * 1.5));
    expect(gets).toBe(settled);

    // "Read again": being read, the last reading still told, until the new one is in.
    await u.click(within(item).getByRole('button', { name: 'Loe uuesti' }));
    expect(await within(item).findByText('Kalendrit loetakse…')).toBeInTheDocument();
    expect(within(item).getByText('Kinni perioode: 4')).toBeInTheDocument();
    expect(api.requests('POST /products/:id/calendar-imports/:importId/refresh')[0].path).toBe('/products/5/calendar-imports/40/refresh');
    row = { ...read, blockedCount: 5 };
    expect(await within(item).findByText('Kinni perioode: 5', {}, { timeout: CALENDAR_READ_POLL_MS * 3 })).toBeInTheDocument();
    expect(within(item).queryByText('Kalendrit loetakse…')).not.toBeInTheDocument();
  });
});

describe('a followed calendar with too many events', () => {
  it('says on it up to when its events hold the product, and that later ones do not count', async () => {
    mockApi({
      'GET /calendar-links/products/:id': () => ({ link: null }),
      'GET /products/:id/calendar-imports': () => [
        {
          ...failing,
          error: null,
          blockedCount: 2000,
          warning: { code: 'TOO_MANY_EVENTS', honouredUntil: '2027-03-01T10:00:00.000Z' },
        },
      ],
    });
    openProductSync();
    const dialog = await screen.findByRole('dialog');
    const [item] = within(await within(dialog).findByRole('list', { name: 'Lisatud kalendrid' })).getAllByRole('listitem');
    expect(within(item).getByText('Kinni perioode: 2000')).toBeInTheDocument();
    expect(within(item).getByTestId('calendar-import-too-many').textContent?.replace('.2027', '')).toBe(
      'Kalendris on üle 2000 tulevase sündmuse: toodet hoiavad kinni ainult sündmused, mis algavad enne 01.03 12:00. Hilisemaid sündmusi ei arvestata.',
    );
    // A good read, not an error.
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the all-products calendar', () => {
  it('makes the owner’s all-products link, with no followed calendars', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /calendar-links/all': () => ({ link: null }),
      'POST /calendar-links/all': () => ({ link: { url: URL_1, createdTs: '2026-11-27T08:00:00.000Z' } }),
    });
    renderWithPlatform(<CalendarSyncDialog product={null} open onClose={() => undefined} />, { session: owner });
    const dialog = await screen.findByRole('dialog', { name: 'Kõigi minu toodete kalender' });
    await u.click(await within(dialog).findByRole('button', { name: 'Loo link' }));
    expect(await within(dialog).findByLabelText('Privaatne kalendri link')).toHaveValue(URL_1);
    expect(api.requests('POST /calendar-links/all')).toHaveLength(1);
    // No followed calendars here: those belong to a product.
    expect(within(dialog).queryByText('Teiste kanalite kalendrid')).not.toBeInTheDocument();
  });
});

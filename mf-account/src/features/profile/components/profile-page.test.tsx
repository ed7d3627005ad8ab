import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { renderWithPlatform, makeUser, mockApi } from 'shared-kernel/testing';
import type { SessionUser } from 'shared-kernel/session';
import { makeSummary, makeUnpaidContract } from '../../../testing/account-fixtures';
import { ProfilePage } from './profile-page';

const jaan = makeUser({
  id: 12,
  name: 'Jaan',
  lastName: 'Tamm',
  username: 'jaan@rendime.ee',
  contactInfos: [
    { id: 1, type: 'EMAIL', value: 'jaan.tamm@rendime.ee', prime: true },
    { id: 2, type: 'PHONE', value: '+37255500000', prime: true },
  ],
});

function profileApi(over: { requests?: number; ongoing?: number; unpaid?: number; balanceCents?: number; session?: SessionUser } = {}) {
  const unpaid = Array.from({ length: over.unpaid ?? 0 }, (_, i) => makeUnpaidContract(90 + i, `Toode ${i}`, 10));
  return mockApi({
    'GET /reservations/count': () => over.requests ?? 0,
    'GET /contracts/accepted-count': () => over.ongoing ?? 0,
    'GET /payment/unpaid-contracts': () => makeSummary(over.balanceCents ?? 0, unpaid),
    'GET /products/customer-products/:id': () => [],
    'GET /users/session': () => over.session ?? jaan,
  });
}

describe('ProfilePage', () => {
  it("shows the signed-in user's name, e-mail, phone and the balance from the account", async () => {
    profileApi({ balanceCents: 15000 });
    renderWithPlatform(<ProfilePage />, { session: jaan });
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Jaan Tamm');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('jaan.tamm@rendime.ee');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('+37255500000');
    await waitFor(() => expect(screen.getByRole('link', { name: /150,00/ })).toHaveAttribute('href', '/auth/account'));
    expect(await screen.findByText('Sul pole tooteid, mida kuvada.')).toBeInTheDocument();
  });

  it('falls back to the username and says when the phone is missing', async () => {
    profileApi();
    renderWithPlatform(<ProfilePage />, { session: makeUser({ username: 'x@rendime.ee', contactInfos: [] }) });
    expect(screen.getByTestId('profile-email')).toHaveTextContent('x@rendime.ee');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('Lisamata');
    await screen.findByText('Sul pole tooteid, mida kuvada.');
  });

  it('while the session loads, shows the kernel loader only after 333 ms', () => {
    jest.useFakeTimers();
    try {
      renderWithPlatform(<ProfilePage />, { session: 'loading' });
      act(() => jest.advanceTimersByTime(332));
      expect(screen.queryByRole('status')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('status')).toBeInTheDocument();
      expect(screen.getByLabelText('Laadin...')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows each info alert only when it applies, with its link', async () => {
    profileApi({ requests: 2, ongoing: 1, unpaid: 3 });
    const { unmount } = renderWithPlatform(<ProfilePage />, { session: makeUser({ roles: ['ROLE_USER_B2C_NEED_ID'] }) });
    expect(within(await screen.findByTestId('alert-open-requests')).getByRole('link')).toHaveAttribute(
      'href',
      '/auth/contracts?tabId=pending',
    );
    expect(screen.getByTestId('alert-open-requests')).toHaveTextContent('Sul on 2 vastamata rendisoovi.');
    expect(within(await screen.findByTestId('alert-ongoing')).getByRole('link')).toHaveAttribute('href', '/auth/contracts?tabId=out');
    expect(within(await screen.findByTestId('alert-unpaid')).getByRole('link')).toHaveAttribute('href', '/auth/account');
    expect(screen.getByTestId('alert-unpaid')).toHaveTextContent('Sul on 3 tasumata arvet.');
    expect(within(screen.getByTestId('profile-restricted')).getByRole('link')).toHaveAttribute('href', '/auth/verify-identity');
    unmount();
    profileApi();
    renderWithPlatform(<ProfilePage />, { session: jaan });
    await screen.findByText('Sul pole tooteid, mida kuvada.');
    await waitFor(() => expect(screen.getByRole('link', { name: /^0,00/ })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the latest 7 products, page 0, linking to their owner view', async () => {
    const api = profileApi();
    api.on({
      'GET /products/customer-products/:id': () =>
        [
          { id: 186, name: 'Haagis' },
          { id: 187, name: 'Kanuu' },
        ] as never,
    });
    renderWithPlatform(<ProfilePage />, { session: jaan });
    const list = within(await screen.findByRole('complementary', { name: 'Minu viimased tooted' }));
    expect(await list.findByRole('link', { name: 'Haagis' })).toHaveAttribute('href', '/auth/detail-view/186');
    expect(api.requests('GET /products/customer-products/:id').map((r) => [r.params.id, r.query])).toEqual([
      ['12', { page: 0, perPage: 7 }],
    ]);
  });

  it('offers the VAT toggle to business users only and saves it, then refreshes the session', async () => {
    const u = userEvent.setup();
    const business = makeUser({ id: 30, type: 'B2B', isB2b: true, allowVat: false });
    const api = profileApi({ session: { ...business, allowVat: true } });
    api.on({ 'PUT /users/:id/update': () => ({}) });
    const seen: { message: string }[] = [];
    const off = on('notice', (n) => seen.push(n));
    const { unmount } = renderWithPlatform(<ProfilePage />, { session: business });
    await u.click(screen.getByRole('checkbox', { name: 'Käibemaksukohustuslane' }));
    await waitFor(() => expect(seen).toContainEqual(expect.objectContaining({ message: 'Uuendatud' })));
    expect(api.requests('PUT /users/:id/update').map((r) => [r.params.id, r.body])).toEqual([['30', { allowVat: true }]]);
    await waitFor(() => expect(api.requests('GET /users/session')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Käibemaksukohustuslane' })).toBeChecked());
    off();
    unmount();
    profileApi();
    renderWithPlatform(<ProfilePage />, { session: jaan });
    expect(screen.queryByRole('checkbox', { name: 'Käibemaksukohustuslane' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Soovin e-kirju teavituste kohta' })).toBeChecked();
    await screen.findByText('Sul pole tooteid, mida kuvada.');
  });

  it('checks e-mail, phone and IBAN, and saves only what changed', async () => {
    const u = userEvent.setup();
    const api = profileApi();
    api.on({
      'PUT /contact-info/:id': ({ body }) => ({ id: 2, ...(body as object) }),
      'PUT /users/:id/update': () => ({}),
    });
    renderWithPlatform(<ProfilePage />, { session: jaan });
    await u.click(screen.getByRole('button', { name: 'Lisa pangakonto number' }));
    const form = within(screen.getByRole('form', { name: 'Muuda andmeid' }));
    await u.clear(form.getByLabelText(/E-post/));
    await u.type(form.getByLabelText(/E-post/), 'pole-email');
    await u.clear(form.getByLabelText(/Telefon/));
    await u.type(form.getByLabelText(/Telefon/), '12');
    await u.type(form.getByLabelText(/Pangakonto number/), 'EE12');
    await u.click(form.getByRole('button', { name: 'Salvesta' }));
    expect(await form.findByText('Vale emaili aadress')).toBeInTheDocument();
    expect(form.getByText('Vale telefoni number')).toBeInTheDocument();
    expect(form.getByText('Eesti IBAN on 20-kohaline kood.')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();

    await u.clear(form.getByLabelText(/E-post/));
    await u.type(form.getByLabelText(/E-post/), 'jaan.tamm@rendime.ee');
    await u.clear(form.getByLabelText(/Telefon/));
    await u.type(form.getByLabelText(/Telefon/), '5551 2345');
    await u.clear(form.getByLabelText(/Pangakonto number/));
    await u.type(form.getByLabelText(/Pangakonto number/), 'ee38 2200 2210 2014 5685');
    await u.click(form.getByRole('button', { name: 'Salvesta' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Muuda andmeid' })).not.toBeInTheDocument());
    expect(api.requests('PUT /contact-info/:id').map((r) => [r.params.id, r.body])).toEqual([
      ['2', { type: 'PHONE', value: '+37255512345', prime: true }],
    ]);
    expect(api.requests('PUT /users/:id/update').map((r) => r.body)).toEqual([{ accountNr: 'EE382200221020145685' }]);
  });

  // Issue 25: owners abroad get paid too; an invalid foreign code says what is wrong, in Estonian.
  it('saves a valid foreign IBAN and explains a foreign one of the wrong length', async () => {
    const u = userEvent.setup();
    const api = profileApi();
    api.on({ 'PUT /users/:id/update': () => ({}) });
    renderWithPlatform(<ProfilePage />, { session: jaan });
    await u.click(screen.getByRole('button', { name: 'Lisa pangakonto number' }));
    const form = within(screen.getByRole('form', { name: 'Muuda andmeid' }));
    await u.type(form.getByLabelText(/Pangakonto number/), 'BE68 5390 0754 70');
    await u.click(form.getByRole('button', { name: 'Salvesta' }));
    expect(await form.findByText('Riigitähisega BE IBAN on 16-kohaline kood.')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();

    await u.type(form.getByLabelText(/Pangakonto number/), '34');
    await u.click(form.getByRole('button', { name: 'Salvesta' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Muuda andmeid' })).not.toBeInTheDocument());
    expect(api.requests('PUT /users/:id/update').map((r) => r.body)).toEqual([{ accountNr: 'BE68539007547034' }]);
  });

  it('shows the server refusal of a contact and keeps the form open', async () => {
    const u = userEvent.setup();
    const api = profileApi();
    api.on({
      'PUT /contact-info/:id': () => {
        throw new ApiError({ status: 409, code: 'EMAIL_ALREADY_IN_USE', message: 'See e-post on juba kasutusel.' });
      },
    });
    renderWithPlatform(<ProfilePage />, { session: jaan });
    await u.click(screen.getByRole('button', { name: 'Muuda andmeid' }));
    const form = within(screen.getByRole('form', { name: 'Muuda andmeid' }));
    await u.clear(form.getByLabelText(/E-post/));
    await u.type(form.getByLabelText(/E-post/), 'teine@rendime.ee');
    await u.click(form.getByRole('button', { name: 'Salvesta' }));
    expect(await form.findByTestId('profile-error')).toHaveTextContent('See e-post on juba kasutusel.');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { paymentMethodsQueryKey } from 'shared-kernel/api/bank-link';
import { on } from 'shared-kernel/events';
import { createTestQueryClient, makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { SessionUser } from 'shared-kernel/session';
import { BANKS, makeHistoryRow, makeSummary, makeUnpaidContract } from '../../../testing/account-fixtures';
import { goToBank } from '../model/go-to-bank';
import { AccountPage } from './account-page';

jest.mock('../model/go-to-bank', () => ({ goToBank: jest.fn() }));

const renter = makeUser({ id: 8, accountNr: 'EE382200221020145685' });
const tent = makeUnpaidContract(90, 'Matkatelk', 40.2);
const trailer = makeUnpaidContract(91, 'Haagis', 120);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function render(route = '/auth/account', session: SessionUser = renter) {
  const queryClient = createTestQueryClient();
  // The provider's bank list is fetched outside the API client; the page gets it from the cache here.
  queryClient.setQueryData(paymentMethodsQueryKey, BANKS);
  return renderWithPlatform(
    <Routes>
      <Route
        path="/auth/account"
        element={
          <>
            <AccountPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { session, route, queryClient },
  );
}

function notices() {
  const seen: { type: string; message: string }[] = [];
  const off = on('notice', (payload) => seen.push(payload));
  return { seen, off };
}

afterEach(() => jest.mocked(goToBank).mockReset());

describe('AccountPage: balance and unpaid contracts', () => {
  it('shows the balance, the pending rent and the account number from cents', async () => {
    mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(15000, [], 2550), 'GET /payment/my-account-history': () => [] });
    render();
    expect(await screen.findByTestId('account-balance')).toHaveTextContent('150,00 €');
    expect(screen.getByTestId('account-pending')).toHaveTextContent('Ootel rendituluna: 25,50 €');
    expect(screen.getByTestId('account-nr')).toHaveTextContent('EE382200221020145685');
  });

  it('without an account number links to the profile to set it', async () => {
    mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(0), 'GET /payment/my-account-history': () => [] });
    render('/auth/account', makeUser({ accountNr: null }));
    expect(await screen.findByRole('link', { name: 'Lisa pangakonto number profiilis' })).toHaveAttribute('href', '/auth/user-profile');
    expect(screen.queryByTestId('account-pending')).not.toBeInTheDocument();
  });

  it('preselects the contracts of the query parameter and totals the selection', async () => {
    const u = userEvent.setup();
    mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(15000, [tent, trailer]), 'GET /payment/my-account-history': () => [] });
    render('/auth/account?contracts=91,999');
    expect(await screen.findByRole('checkbox', { name: 'Haagis' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Matkatelk' })).not.toBeChecked();
    expect(screen.getByTestId('selection-total')).toHaveTextContent('Valitud kokku: 120,00 €');
    await u.click(screen.getByRole('checkbox', { name: 'Matkatelk' }));
    expect(screen.getByTestId('selection-total')).toHaveTextContent('Valitud kokku: 160,20 €');
  });

  it('pays the selection from the balance in one call and refreshes the account', async () => {
    const u = userEvent.setup();
    let balance = 15000;
    let unpaid = [tent, trailer];
    const api = mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(balance, unpaid),
      'GET /payment/my-account-history': () => [],
      'PUT /payment/contract': () => {
        balance -= 4020;
        unpaid = [trailer];
        return { paidCents: 4020, balanceCents: balance, contractIds: [90] };
      },
    });
    const { seen, off } = notices();
    render('/auth/account?contracts=90');
    await u.click(await screen.findByRole('button', { name: 'Maksa' }));
    await waitFor(() => expect(screen.getByTestId('account-balance')).toHaveTextContent('109,80 €'));
    expect(api.requests('PUT /payment/contract').map((r) => r.query)).toEqual([{ contracts: '90' }]);
    expect(screen.queryByRole('checkbox', { name: 'Matkatelk' })).not.toBeInTheDocument();
    expect(seen).toContainEqual(expect.objectContaining({ type: 'success', message: 'Maksmine õnnestus' }));
    off();
  });

  it("says 'Vali lepingud' when paying or cancelling without a selection", async () => {
    const u = userEvent.setup();
    const api = mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(15000, [tent]), 'GET /payment/my-account-history': () => [] });
    render();
    await u.click(await screen.findByRole('button', { name: 'Maksa' }));
    expect(await screen.findByTestId('error-contractIds')).toHaveTextContent('Vali lepingud');
    await u.click(screen.getByRole('checkbox', { name: 'Matkatelk' }));
    await waitFor(() => expect(screen.queryByTestId('error-contractIds')).not.toBeInTheDocument());
    await u.click(screen.getByRole('checkbox', { name: 'Matkatelk' }));
    await u.click(screen.getByRole('button', { name: 'Tühista valitud' }));
    expect(await screen.findByTestId('error-contractIds')).toHaveTextContent('Vali lepingud');
    expect(api.put).not.toHaveBeenCalled();
  });

  // Issue 25: 'Maksa' was enabled with too little balance and refused only after the click.
  it('disables paying more than the balance, names the missing amount and offers the deposit for it', async () => {
    const u = userEvent.setup();
    const api = mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(10000, [tent, trailer]),
      'GET /payment/my-account-history': () => [],
    });
    render('/auth/account?contracts=90,91');
    const pay = await screen.findByRole('button', { name: 'Maksa' });
    const shortfall = 'Kontol puuduvad vahendid. Kontol pole piisavalt raha: lisa puuduolev 60,20 € sissemaksega.';
    expect(pay).toBeDisabled();
    expect(screen.getByTestId('insufficient-funds')).toHaveTextContent(shortfall);
    // formatEuros puts a no-break space before '€'.
    expect(pay).toHaveAccessibleDescription(shortfall.replace('60,20 €', '60,20\u00a0€'));

    // The bank-link deposit of the missing amount, filled in and focused.
    await u.click(screen.getByRole('button', { name: /^Lisa 60,20\s€ pangalingiga$/ }));
    const deposit = within(screen.getByRole('form', { name: 'Sissemakse' }));
    expect(deposit.getByLabelText(/Summa/)).toHaveValue('60,20');
    expect(deposit.getByLabelText(/Summa/)).toHaveFocus();

    // Unticking what the balance cannot cover enables paying again.
    await u.click(screen.getByRole('checkbox', { name: 'Haagis' }));
    expect(screen.getByRole('button', { name: 'Maksa' })).toBeEnabled();
    expect(screen.queryByTestId('insufficient-funds')).not.toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it("shows 'Maksmine ebaõnnestus' when the payment is refused", async () => {
    const u = userEvent.setup();
    mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(15000, [tent]),
      'GET /payment/my-account-history': () => [],
      'PUT /payment/contract': () => {
        throw new ApiError({ status: 409, code: 'INVALID_STATUS', message: 'x' });
      },
    });
    render('/auth/account?contracts=90');
    await u.click(await screen.findByRole('button', { name: 'Maksa' }));
    expect(await screen.findByTestId('unpaid-error')).toHaveTextContent('Maksmine ebaõnnestus');
  });

  it('cancels the selected contracts through the contract cancel call, without a reason', async () => {
    const u = userEvent.setup();
    let unpaid = [tent, trailer];
    const api = mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(15000, unpaid),
      'GET /payment/my-account-history': () => [],
      'PUT /contracts/cancel/:id': ({ params }) => {
        unpaid = unpaid.filter((c) => String(c.id) !== params.id);
        return {};
      },
    });
    render('/auth/account?contracts=91');
    await u.click(await screen.findByRole('button', { name: 'Tühista valitud' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Haagis' })).not.toBeInTheDocument());
    expect(api.requests('PUT /contracts/cancel/:id').map((r) => [r.params.id, r.query])).toEqual([['91', undefined]]);
    expect(screen.getByRole('checkbox', { name: 'Matkatelk' })).toBeInTheDocument();
  });
});

describe('AccountPage: deposit', () => {
  it('checks the bank and the amount, then goes to the bank page of the signed order', async () => {
    const u = userEvent.setup();
    const order = { paymentUrl: 'https://sandbox.bank/pay/1', merchantReference: 'D-1', reservationHash: null };
    const api = mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(0),
      'GET /payment/my-account-history': () => [],
      'POST /payment': () => order,
    });
    const fetchMock = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      render();
      const deposit = within(await screen.findByRole('form', { name: 'Sissemakse' }));
      await u.type(deposit.getByLabelText(/Summa/), 'abc');
      await u.click(deposit.getByRole('button', { name: 'Maksa pangalingiga' }));
      expect(await deposit.findByText('Vali pank.')).toBeInTheDocument();
      expect(deposit.getByText('Vigane summa')).toBeInTheDocument();
      await u.click(deposit.getByRole('radio', { name: 'SEB' }));
      await u.clear(deposit.getByLabelText(/Summa/));
      await u.type(deposit.getByLabelText(/Summa/), '50,5');
      await u.click(deposit.getByRole('button', { name: 'Maksa pangalingiga' }));
      await waitFor(() => expect(goToBank).toHaveBeenCalledWith('https://sandbox.bank/pay/1'));
      expect(api.requests('POST /payment')[0].body).toEqual({
        payment: {
          method: 'paymentInitiation',
          methodOptions: { preferredLocale: 'et', preferredCountry: 'EE', preferredProvider: 'seb' },
          amount: 50.5,
          currency: 'EUR',
        },
      });
      // The API created the order at the provider: the browser itself calls no provider.
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("shows 'Makse ebaõnnestus' when the deposit cannot start", async () => {
    const u = userEvent.setup();
    mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(0),
      'GET /payment/my-account-history': () => [],
      'POST /payment': () => {
        throw new ApiError({ status: 502, code: 'PROVIDER_ERROR', message: 'x' });
      },
    });
    render();
    const deposit = within(await screen.findByRole('form', { name: 'Sissemakse' }));
    await u.click(deposit.getByRole('radio', { name: 'LHV' }));
    await u.type(deposit.getByLabelText(/Summa/), '20');
    await u.click(deposit.getByRole('button', { name: 'Maksa pangalingiga' }));
    expect(await deposit.findByTestId('deposit-error')).toHaveTextContent('Makse ebaõnnestus');
    expect(goToBank).not.toHaveBeenCalled();
  });

  it.each([
    ['ROLE_USER_LIMITED', 'Sinu kasutajal ei ole sissemaksete tegemise õigust.'],
    ['ROLE_USER_B2C_NEED_ID', 'Sissemakse tegemiseks tuvasta esmalt oma isik.'],
  ])('is disabled with an explanation for %s', async (role, text) => {
    mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(0), 'GET /payment/my-account-history': () => [] });
    render('/auth/account', makeUser({ roles: [role] }));
    const deposit = within(await screen.findByRole('form', { name: 'Sissemakse' }));
    expect(screen.getByTestId('deposit-blocked')).toHaveTextContent(text);
    expect(deposit.getByRole('button', { name: 'Maksa pangalingiga' })).toBeDisabled();
    expect(deposit.getByLabelText(/Summa/)).toBeDisabled();
    for (const bank of deposit.getAllByRole('radio')) expect(bank).toBeDisabled();
  });
});

describe('AccountPage: withdrawal', () => {
  function withdrawalApi(onWithdraw: () => unknown) {
    return mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(15000),
      'GET /payment/my-account-history': () => [],
      'POST /payment/withdrawal': onWithdraw,
    });
  }

  it("refuses more than the balance with 'Kontol puuduvad vahendid.' before any call", async () => {
    const u = userEvent.setup();
    const api = withdrawalApi(() => ({}));
    render();
    const form = within(await screen.findByRole('form', { name: 'Väljamakse' }));
    await u.type(form.getByLabelText(/Summa/), '150,01');
    await u.click(form.getByRole('button', { name: 'Kanna pangakontole' }));
    expect(await form.findByText('Kontol puuduvad vahendid.')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('pays out up to the balance and says so', async () => {
    const u = userEvent.setup();
    const api = withdrawalApi(() => ({ paymentId: 5, amountCents: 15000, balanceCents: 0 }));
    const { seen, off } = notices();
    render();
    const form = within(await screen.findByRole('form', { name: 'Väljamakse' }));
    await u.type(form.getByLabelText(/Summa/), '150');
    await u.click(form.getByRole('button', { name: 'Kanna pangakontole' }));
    await waitFor(() => expect(seen).toContainEqual(expect.objectContaining({ type: 'success' })));
    expect(api.requests('POST /payment/withdrawal')[0].body).toEqual({ amount: 150 });
    off();
  });

  it('on NO_ACCOUNT_NR sends the user to the profile to set the account number', async () => {
    const u = userEvent.setup();
    withdrawalApi(() => {
      throw new ApiError({ status: 400, code: 'NO_ACCOUNT_NR', message: 'x' });
    });
    render();
    const form = within(await screen.findByRole('form', { name: 'Väljamakse' }));
    await u.type(form.getByLabelText(/Summa/), '10');
    await u.click(form.getByRole('button', { name: 'Kanna pangakontole' }));
    expect(await form.findByTestId('withdrawal-no-account')).toHaveTextContent('Väljamakseks lisa oma pangakonto number konto seadetes.');
    expect(form.getByRole('link', { name: 'Lisa pangakonto number' })).toHaveAttribute('href', '/auth/user-profile');
  });

  it('says to try again later on other failures', async () => {
    const u = userEvent.setup();
    withdrawalApi(() => {
      throw new ApiError({ status: 503, code: 'PROVIDER_ERROR', message: 'x' });
    });
    render();
    const form = within(await screen.findByRole('form', { name: 'Väljamakse' }));
    await u.type(form.getByLabelText(/Summa/), '10');
    await u.click(form.getByRole('button', { name: 'Kanna pangakontole' }));
    expect(await form.findByTestId('withdrawal-error')).toHaveTextContent('Väljamakse ebaõnnestus, proovi uuesti mõne aja pärast.');
  });
});

describe('AccountPage: history', () => {
  it('shows 3 rows with date, title, product and signed amount; more loads 100', async () => {
    const u = userEvent.setup();
    const rows = [
      makeHistoryRow({ titleCode: 'OUTPAYMENT_FOR_RENT', direction: 'OUT', amountCents: 4020, productName: 'Matkatelk', contractId: 90 }),
      makeHistoryRow({ titleCode: 'INPAYMENT', amountCents: 5000, status: 'PENDING' }),
      makeHistoryRow({ titleCode: 'OUTPAYMENT', direction: 'OUT', amountCents: 1000 }),
      makeHistoryRow({ titleCode: 'INREFUND', amountCents: 2010, productName: 'Haagis' }),
    ];
    const api = mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(0),
      'GET /payment/my-account-history': ({ query }) => rows.slice(0, Number(query?.size)),
    });
    render();
    const list = await screen.findAllByTestId('history-row');
    expect(list).toHaveLength(3);
    expect(list[0]).toHaveTextContent('Rendimakse');
    // The row is from 2025, not this year: its date keeps the year (ADR 0026).
    expect(list[0]).toHaveTextContent('03.07.2025 17:05 · Matkatelk');
    expect(list[0]).toHaveTextContent('−40,20 €');
    expect(list[1]).toHaveTextContent('Sissemakse (Ootel)');
    expect(list[1]).toHaveTextContent('+50,00 €');
    expect(list[2]).toHaveTextContent('Väljamakse');
    expect(list[2]).not.toHaveTextContent('(Ootel)');
    await u.click(screen.getByRole('button', { name: 'Näita rohkem' }));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(4));
    expect(screen.getAllByTestId('history-row')[3]).toHaveTextContent('Tagasimakse');
    expect(api.requests('GET /payment/my-account-history').map((r) => r.query)).toEqual([{ size: 3 }, { size: 100 }]);
    expect(screen.queryByRole('button', { name: 'Näita rohkem' })).not.toBeInTheDocument();
  });

  it('shows a pending withdrawal with its expected date and a paid one with the day it was paid (issue 31)', async () => {
    mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(0),
      'GET /payment/my-account-history': () => [
        makeHistoryRow({ titleCode: 'OUTPAYMENT', direction: 'OUT', amountCents: 1234, status: 'PENDING', expectedDate: '2026-04-08' }),
        makeHistoryRow({
          titleCode: 'OUTPAYMENT',
          direction: 'OUT',
          amountCents: 500,
          status: 'COMPLETED',
          expectedDate: null,
          completedTs: '2026-04-09T07:30:00.000Z',
        }),
      ],
    });
    render();
    const [pending, paid] = await screen.findAllByTestId('history-row');
    expect(pending).toHaveTextContent('Väljamakse (Ootel, eeldatav laekumine 08.04.2026)');
    expect(pending).toHaveTextContent('−12,34 €');
    expect(paid).toHaveTextContent(/Väljamakse \(välja makstud 09\.04(\.2026)? 10:30\)/);
    expect(paid).not.toHaveTextContent('Ootel');
  });

  it('hides FAILED rows', async () => {
    mockApi({
      'GET /payment/unpaid-contracts': () => makeSummary(0),
      'GET /payment/my-account-history': () => [makeHistoryRow({ status: 'FAILED' }), makeHistoryRow({ titleCode: 'INPAYMENT_FOR_RENT' })],
    });
    render();
    const list = await screen.findAllByTestId('history-row');
    expect(list).toHaveLength(1);
    expect(list[0]).toHaveTextContent('Renditulu');
  });
});

describe('AccountPage: payment_result', () => {
  it("on failure says 'Maksmine ebaõnnestus' once and drops the parameter", async () => {
    mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(0), 'GET /payment/my-account-history': () => [] });
    const { seen, off } = notices();
    render('/auth/account?payment_result=failure&contracts=90');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/account?contracts=90'));
    expect(seen.filter((n) => n.message === 'Maksmine ebaõnnestus')).toEqual([expect.objectContaining({ type: 'error' })]);
    off();
    await screen.findByTestId('account-balance');
  });

  it('on a return still pending at the bank says the payment is under way (not failed) and drops the parameter', async () => {
    mockApi({ 'GET /payment/unpaid-contracts': () => makeSummary(0), 'GET /payment/my-account-history': () => [] });
    const { seen, off } = notices();
    render('/auth/account?payment_result=pending');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\/account$/));
    expect(seen).toEqual([
      expect.objectContaining({ type: 'info', message: 'Makse on pooleli: kanname raha kontole, kui pank makse kinnitab.' }),
    ]);
    off();
    await screen.findByTestId('account-balance');
  });

  it('on success says so and asks again until the webhook has credited the deposit', async () => {
    jest.useFakeTimers();
    try {
      let credited = false;
      const api = mockApi({
        'GET /payment/unpaid-contracts': () => makeSummary(credited ? 5000 : 0),
        'GET /payment/my-account-history': () => [makeHistoryRow({ status: credited ? 'COMPLETED' : 'PENDING' })],
      });
      const { seen, off } = notices();
      render('/auth/account?payment_result=success');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(seen).toContainEqual(expect.objectContaining({ type: 'success', message: 'Maksmine õnnestus' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/auth\/account$/);
      expect(screen.getByTestId('account-balance')).toHaveTextContent('0,00 €');
      expect(screen.getByTestId('history-row')).toHaveTextContent('(Ootel)');
      credited = true;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(2_100);
      });
      expect(screen.getByTestId('account-balance')).toHaveTextContent('50,00 €');
      expect(screen.getByTestId('history-row')).not.toHaveTextContent('(Ootel)');
      const calls = api.requests('GET /payment/my-account-history').length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      // Credited: no more asking.
      expect(api.requests('GET /payment/my-account-history').length).toBe(calls);
      off();
    } finally {
      jest.useRealTimers();
    }
  });
});

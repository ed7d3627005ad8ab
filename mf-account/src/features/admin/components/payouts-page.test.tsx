import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { formatEuros } from 'shared-kernel/domain';
import { on } from 'shared-kernel/events';
import { messages } from 'shared-kernel/messages';
import type { PendingPayout } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { SessionUser } from 'shared-kernel/session';
import { accountTexts } from '../../../messages/et';
import { PayoutsPage } from './payouts-page';

const t = accountTexts.admin.payouts;
const admin = makeUser({ id: 1, roles: ['ROLE_ADMIN'] });
const owner = makeUser({ id: 5, roles: ['ROLE_USER'] });

const mari: PendingPayout = {
  paymentId: 31,
  userId: 8,
  name: 'Mari Maasikas',
  iban: 'EE382200221020145685',
  ibanValid: true,
  amountCents: 1234,
  createdTs: '2026-04-02T07:00:00.000Z',
  expectedDate: '2026-04-08',
  exportedMsgId: null,
};
const jaan: PendingPayout = { ...mari, paymentId: 32, userId: 9, name: 'Jaan Tamm', iban: 'EE00', ibanValid: false, amountCents: 500 };
const XML =
  '<?xml version="1.0"?><Document><CstmrCdtTrfInitn><GrpHdr><MsgId>RENDIME-20260402-AB</MsgId></GrpHdr></CstmrCdtTrfInitn></Document>';

function render(session: SessionUser) {
  return renderWithPlatform(<PayoutsPage />, { session, route: '/auth/admin/payouts' });
}

beforeEach(() => {
  // jsdom has no object URLs; the download itself is the browser's.
  URL.createObjectURL = jest.fn(() => 'blob:payout');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('PayoutsPage', () => {
  it('lists due withdrawals with the expected date, exports the chosen ones and marks them paid', async () => {
    let rows = [mari, jaan];
    const api = mockApi({
      'GET /admin/payouts': () => rows,
      'GET /admin/audit-log': () => [],
      'POST /admin/payouts/export': () => {
        rows = [{ ...mari, exportedMsgId: 'RENDIME-20260402-AB' }, jaan];
        return XML;
      },
      'PUT /admin/payouts/mark-paid': () => {
        rows = [jaan];
        return { paidPaymentIds: [31], paidCents: 1234 };
      },
    });
    const u = userEvent.setup();
    render(admin);
    const row = await screen.findByTestId('payout-31');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    ).toEqual([
      'Mari Maasikas',
      'EE382200221020145685',
      formatEuros(1234),
      expect.stringMatching(/^02\.04(\.2026)? 10:00$/),
      '08.04.2026',
      t.notExported,
    ]);
    // A user without a valid IBAN cannot be chosen: the bank would refuse the file.
    expect(within(screen.getByTestId('payout-32')).getByText(t.badIban)).toBeInTheDocument();
    expect(screen.getByLabelText(`Vali väljamakse 32`)).toBeDisabled();
    expect(screen.getByRole('button', { name: t.export })).toBeDisabled();

    await u.click(screen.getByLabelText('Vali väljamakse 31'));
    expect(screen.getByTestId('payout-selection')).toHaveTextContent('Valitud 1, kokku 12,34 €');
    await u.click(screen.getByRole('button', { name: t.export }));
    await waitFor(() => expect(api.requests('POST /admin/payouts/export')).toHaveLength(1));
    expect(api.requests('POST /admin/payouts/export')[0].body).toEqual({ paymentIds: [31] });
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
    expect(await within(screen.getByTestId('payout-31')).findByText('RENDIME-20260402-AB')).toBeInTheDocument();

    const seen: { type: string; message: string }[] = [];
    const off = on('notice', (payload) => seen.push(payload));
    await u.click(screen.getByRole('button', { name: t.markPaid }));
    await waitFor(() => expect(screen.queryByTestId('payout-31')).toBeNull());
    expect(api.requests('PUT /admin/payouts/mark-paid')[0].body).toEqual({ paymentIds: [31] });
    await waitFor(() => expect(seen.map((n) => n.type)).toEqual(['success']));
    expect(seen[0].message).toMatch(/^Makstuks märgitud: 1 väljamakset, kokku 12,34\s€\.$/);
    off();
  });

  it('shows the server’s refusal of a payment not exported yet', async () => {
    mockApi({
      'GET /admin/payouts': () => [mari],
      'GET /admin/audit-log': () => [],
      'PUT /admin/payouts/mark-paid': () => {
        throw new ApiError({ status: 409, code: 'INVALID_STATUS', message: 'Väljamakse 31 ei ole veel maksefaili eksporditud.' });
      },
    });
    const seen: { type: string; message: string }[] = [];
    const off = on('notice', (payload) => seen.push(payload));
    const u = userEvent.setup();
    render(admin);
    await u.click(await screen.findByLabelText('Vali väljamakse 31'));
    await u.click(screen.getByRole('button', { name: t.markPaid }));
    await waitFor(() =>
      expect(seen).toContainEqual(expect.objectContaining({ type: 'error', message: 'Väljamakse 31 ei ole veel maksefaili eksporditud.' })),
    );
    off();
    expect(screen.getByTestId('payout-31')).toBeInTheDocument();
  });

  it('says so when nothing is due', async () => {
    mockApi({ 'GET /admin/payouts': () => [], 'GET /admin/audit-log': () => [] });
    render(admin);
    expect(await screen.findByText(t.none)).toBeInTheDocument();
  });

  it('shows a non-admin the refusal and asks the API nothing', async () => {
    const api = mockApi({ 'GET /admin/payouts': () => [mari] });
    render(owner);
    expect(await screen.findByTestId('admin-payouts-denied')).toHaveTextContent(messages.common.forbidden);
    expect(api.requests('GET /admin/payouts')).toHaveLength(0);
  });
});

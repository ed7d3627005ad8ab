import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from 'shared-kernel/messages';
import type { DisputeEvidence, DisputeSummary } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { SessionUser } from 'shared-kernel/session';
import { accountTexts } from '../../../messages/et';
import { DisputesPage } from './disputes-page';

const t = accountTexts.admin.disputes;
const admin = makeUser({ id: 1, roles: ['ROLE_ADMIN'] });
const renter = makeUser({ id: 8, roles: ['ROLE_USER'] });

const dispute: DisputeSummary = {
  id: 4,
  contractId: 90,
  kind: 'BROKEN',
  comment: '<b>Tuled</b> ei põle',
  status: 'OPEN',
  openedBy: 'renter',
  createdTs: '2026-04-02T07:00:00.000Z',
  productName: 'Haagis',
  renterId: 8,
  renterName: 'Mari Maasikas',
  ownerId: 5,
  ownerName: 'Olev Omanik',
  startTs: '2026-04-03T07:00:00.000Z',
  endTs: '2026-04-05T07:00:00.000Z',
  paidCents: 7100,
  sevenDaysCents: 21000,
  nonReturnCents: 12000,
};
const evidence: DisputeEvidence = {
  dispute,
  messages: [{ fromRenter: true, message: 'Saadan pildid.', createdTs: '2026-04-02T06:00:00.000Z' }],
  handover: { renterReceivedTs: '2026-04-03T07:10:00.000Z', ownerHandedOverTs: null, renterReturnedTs: null, ownerReturnedTs: null },
  reports: [],
  photos: [],
};

function render(session: SessionUser) {
  return renderWithPlatform(<DisputesPage />, { session, route: '/auth/admin/disputes' });
}

describe('DisputesPage', () => {
  it('shows the queue, the evidence, and sends the decision in cents with the terms’ amount', async () => {
    const api = mockApi({
      'GET /admin/disputes': () => [dispute],
      'GET /admin/disputes/:id': () => evidence,
      'GET /admin/audit-log': () => [],
      'PUT /admin/disputes/:id/decide': () => ({
        disputeId: 4,
        contractId: 90,
        status: 'SOLVED',
        penaltyCents: 21000,
        refundCents: 3000,
        platformShareCents: 10500,
        ownerShareCents: 10500,
      }),
    });
    const u = userEvent.setup();
    render(admin);
    const row = await screen.findByTestId('dispute-4');
    expect(row).toHaveTextContent('Haagis');
    expect(row).toHaveTextContent(messages.domain.disputeKinds.BROKEN);
    expect(row).toHaveTextContent(t.statusOpen);
    await u.click(within(row).getByRole('button', { name: `${t.open}: Haagis` }));

    const detail = await screen.findByTestId('dispute-detail');
    // The party's words are text: no element is made of them.
    expect(detail).toHaveTextContent('<b>Tuled</b> ei põle');
    expect(detail.querySelector('b')).toBeNull();
    expect(detail).toHaveTextContent(`${t.marks.ownerHandedOverTs}: ${t.notMarked}`);
    expect(within(detail).getByTestId('dispute-messages')).toHaveTextContent('Rentija: Saadan pildid.');
    expect(detail).toHaveTextContent(t.noPhotos);

    // The 7 days' price as the penalty; the split is shown; a refund over what was paid is refused before any call.
    await u.click(within(detail).getAllByRole('button', { name: t.usePenalty })[0]);
    expect(within(detail).getByLabelText(new RegExp(t.penalty.replace(/[()€]/g, '.')))).toHaveValue('210,00');
    expect(within(detail).getByTestId('penalty-split')).toHaveTextContent(/Platvormile 105,00\s€, omanikule 105,00\s€/);
    const refund = within(detail).getByLabelText(new RegExp(t.refund.replace(/[()€]/g, '.')));
    await u.clear(refund);
    await u.type(refund, '71,01');
    await u.type(within(detail).getByLabelText(new RegExp(t.reason)), 'Tuled olid katki');
    await u.click(within(detail).getByRole('button', { name: t.decide }));
    expect(await within(detail).findByText(/^Tagasimakse ei saa olla suurem kui rentija makstud 71,00\s€\.$/)).toBeInTheDocument();
    expect(api.requests('PUT /admin/disputes/:id/decide')).toHaveLength(0);

    await u.clear(refund);
    await u.type(refund, '30');
    await u.click(within(detail).getByRole('button', { name: t.decide }));
    await waitFor(() => expect(api.requests('PUT /admin/disputes/:id/decide')).toHaveLength(1));
    expect(api.requests('PUT /admin/disputes/:id/decide')[0]).toMatchObject({
      path: '/admin/disputes/4/decide',
      body: { penaltyCents: 21000, refundCents: 3000, reason: 'Tuled olid katki' },
    });
  });

  it('says so when there are no disputes', async () => {
    mockApi({ 'GET /admin/disputes': () => [], 'GET /admin/audit-log': () => [] });
    render(admin);
    expect(await screen.findByText(t.none)).toBeInTheDocument();
  });

  it('shows a non-admin the refusal and asks the API nothing', async () => {
    const api = mockApi({ 'GET /admin/disputes': () => [dispute] });
    render(renter);
    expect(await screen.findByTestId('admin-disputes-denied')).toHaveTextContent(messages.common.forbidden);
    expect(api.requests('GET /admin/disputes')).toHaveLength(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { messages } from 'shared-kernel/messages';
import type { AdminUser, AuditLog } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { SessionUser } from 'shared-kernel/session';
import { accountTexts } from '../../../messages/et';
import { AdminUsersPage } from './admin-users-page';

const t = accountTexts.admin.users;
const admin = makeUser({ id: 1, roles: ['ROLE_ADMIN'] });
const renter = makeUser({ id: 8, roles: ['ROLE_USER'] });

const mari: AdminUser = {
  id: 8,
  username: 'mari@example.ee',
  name: 'Mari',
  lastName: 'Maasikas',
  email: 'mari@example.ee',
  type: 'B2C',
  roles: ['ROLE_USER'],
  suspended: false,
  suspendedReason: null,
  suspendedTs: null,
};
const suspendedMari: AdminUser = { ...mari, suspended: true, suspendedReason: 'Valeandmed', suspendedTs: '2026-11-26T09:00:00.000Z' };

function render(session: SessionUser) {
  return renderWithPlatform(<AdminUsersPage />, { session, route: '/auth/admin/users' });
}

describe('AdminUsersPage', () => {
  // Long: it types, submits twice and waits for three refetches.
  jest.setTimeout(20_000);

  it('finds users by the typed word, suspends one with a reason and shows the log entry', async () => {
    let current = mari;
    let log: AuditLog = [];
    const api = mockApi({
      'GET /admin/users': () => [current],
      'GET /admin/audit-log': () => log,
      'PUT /admin/users/:id/suspend': ({ body }) => {
        current = suspendedMari;
        log = [
          {
            id: 1,
            createdTs: '2026-11-26T09:00:00.000Z',
            action: 'USER_SUSPENDED',
            actorId: 1,
            actorName: 'Admin Haldur',
            targetUserId: 8,
            targetName: 'Mari Maasikas',
            contractId: null,
            paymentId: null,
            reason: (body as { reason: string }).reason,
          },
        ];
        return { user: suspendedMari, declinedRequests: 2 };
      },
    });
    const u = userEvent.setup();
    render(admin);
    expect(await screen.findByText(accountTexts.admin.audit.none)).toBeInTheDocument();
    await u.type(screen.getByLabelText(t.search), 'maasikas');
    await u.click(screen.getByRole('button', { name: t.searchSubmit }));
    await waitFor(() => expect(api.requests('GET /admin/users').at(-1)?.query).toEqual({ q: 'maasikas' }));

    const row = await screen.findByTestId('admin-user-8');
    expect(within(row).getByText(t.active)).toBeInTheDocument();
    await u.click(within(row).getByRole('button', { name: t.suspend }));
    // No reason: the form says so and nothing is sent.
    await u.click(within(row).getByRole('button', { name: t.confirmSuspend }));
    expect(await within(row).findByText(messages.errors.operator.reasonRequired)).toBeInTheDocument();
    expect(api.requests('PUT /admin/users/:id/suspend')).toHaveLength(0);

    await u.type(within(row).getByLabelText(new RegExp(t.reason)), 'Valeandmed');
    await u.click(within(row).getByRole('button', { name: t.confirmSuspend }));
    await waitFor(() => expect(api.requests('PUT /admin/users/:id/suspend')).toHaveLength(1));
    expect(api.requests('PUT /admin/users/:id/suspend')[0]).toMatchObject({
      path: '/admin/users/8/suspend',
      body: { reason: 'Valeandmed' },
    });
    expect(await within(row).findByText(t.suspended)).toBeInTheDocument();
    expect(within(row).getByText(/Valeandmed/)).toBeInTheDocument();
    const entry = await screen.findByTestId('audit-log');
    expect(within(entry).getByText(accountTexts.admin.audit.actions.USER_SUSPENDED)).toBeInTheDocument();
    expect(within(entry).getByText('Admin Haldur')).toBeInTheDocument();
  });

  it('reinstates a suspended user', async () => {
    let current = suspendedMari;
    const api = mockApi({
      'GET /admin/users': () => [current],
      'GET /admin/audit-log': () => [],
      'PUT /admin/users/:id/reinstate': () => {
        current = mari;
        return mari;
      },
    });
    const seen: { type: string; message: string }[] = [];
    const off = on('notice', (payload) => seen.push(payload));
    const u = userEvent.setup();
    render(admin);
    const row = await screen.findByTestId('admin-user-8');
    await u.click(within(row).getByRole('button', { name: t.reinstate }));
    expect(await within(row).findByText(t.active)).toBeInTheDocument();
    // The notice comes last, once the mutation has settled.
    await waitFor(() =>
      expect(seen).toContainEqual(expect.objectContaining({ type: 'success', message: 'Konto Mari Maasikas on taastatud.' })),
    );
    off();
    expect(api.requests('PUT /admin/users/:id/reinstate')[0].path).toBe('/admin/users/8/reinstate');
  });

  it('shows the server’s refusal in the form', async () => {
    mockApi({
      'GET /admin/users': () => [mari],
      'GET /admin/audit-log': () => [],
      'PUT /admin/users/:id/suspend': () => {
        throw new ApiError({ status: 409, code: 'INVALID_STATUS', message: messages.errors.operator.notAdmin });
      },
    });
    const u = userEvent.setup();
    render(admin);
    const row = await screen.findByTestId('admin-user-8');
    await u.click(within(row).getByRole('button', { name: t.suspend }));
    await u.type(within(row).getByLabelText(new RegExp(t.reason)), 'Proovime');
    await u.click(within(row).getByRole('button', { name: t.confirmSuspend }));
    expect(await within(row).findByText(messages.errors.operator.notAdmin)).toBeInTheDocument();
  });

  it('shows a non-admin the refusal and asks the API nothing', async () => {
    const api = mockApi({ 'GET /admin/users': () => [mari] });
    render(renter);
    expect(await screen.findByTestId('admin-users-denied')).toHaveTextContent(messages.common.forbidden);
    expect(api.requests('GET /admin/users')).toHaveLength(0);
  });
});

import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import type { RemoteReportsAnswer } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { SessionUser } from 'shared-kernel/session';
import { accountTexts } from '../../../messages/et';
import { AdminLinks } from './admin-links';
import { RemoteHealthPage } from './remote-health-page';

const t = accountTexts.admin.remoteHealth;
const admin = makeUser({ id: 1, roles: ['ROLE_ADMIN'] });
const renter = makeUser({ id: 8, roles: ['ROLE_USER'] });

const answer: RemoteReportsAnswer = {
  since: '2026-11-23T02:00:00.000Z',
  summary: [
    { remote: 'mf-booking', version: '1.1.0', total: 10, ok: 7, load: 2, mount: 0, timeout: 1, p50Ms: 550, p95Ms: 955.4 },
    { remote: 'mf-public', version: '1.0.0', total: 3, ok: 3, load: 0, mount: 0, timeout: 0, p50Ms: 120, p95Ms: 180 },
  ],
  reports: [
    {
      id: 2,
      receivedAt: '2026-11-24T01:30:00.000Z',
      userId: null,
      remote: 'mf-booking',
      version: '1.1.0',
      outcome: 'load',
      servedVersion: null,
      durationMs: 8000,
      message: '<img src=x onerror=alert(1)> Loading chunk 12 failed',
      path: '/auth/contracts',
      release: '7',
      userAgent: 'Mozilla/5.0',
    },
    {
      id: 1,
      receivedAt: '2026-11-24T01:00:00.000Z',
      userId: 8,
      remote: 'mf-public',
      version: '1.0.0',
      outcome: 'ok',
      servedVersion: '1.0.0',
      durationMs: 120,
      message: '',
      path: '/public',
      release: '7',
      userAgent: null,
    },
  ],
};

function render(session: SessionUser, route = '/auth/admin/remote-health') {
  return renderWithPlatform(
    <Routes>
      <Route path="/auth/admin/remote-health" element={<RemoteHealthPage />} />
      <Route path="/auth/admin" element={<AdminLinks />} />
    </Routes>,
    { session, route },
  );
}

describe('RemoteHealthPage', () => {
  it('shows an admin the summary per remote version and the latest reports', async () => {
    const api = mockApi({ 'GET /platform/remote-reports': () => answer });
    render(admin);
    const summary = await screen.findByTestId('remote-health-summary');
    const booking = within(summary).getByText('mf-booking').closest('tr') as HTMLElement;
    expect(
      within(booking)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['mf-booking', '1.1.0', '10', '7', '2', '0', '1', '550 ms', '955 ms']);

    const reports = screen.getByTestId('remote-health-reports');
    const [, failed, loaded] = within(reports).getAllByRole('row');
    // Tallinn wall clock (UTC+2 in November), the year only when not this one; no version shown = the fallback page.
    expect(
      within(failed)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringMatching(/^24\.11(\.2026)? 03:30$/),
      'mf-booking',
      '1.1.0',
      t.outcomes.load,
      t.fallbackPage,
      '8000 ms',
      '/auth/contracts',
      '<img src=x onerror=alert(1)> Loading chunk 12 failed',
      t.anonymous,
    ]);
    // The browser's text is text: no element was made from it.
    expect(reports.querySelector('img')).toBeNull();
    expect(within(loaded).getByText(t.outcomes.ok)).toBeInTheDocument();
    expect(within(loaded).getByText('8')).toBeInTheDocument();
    expect(api.requests('GET /platform/remote-reports')).toHaveLength(1);
    // Wide tables scroll sideways: each scroll region is named and reachable by Tab (axe scrollable-region-focusable).
    for (const name of [t.summaryTitle, t.reportsTitle]) expect(screen.getByRole('region', { name })).toHaveAttribute('tabindex', '0');
  });

  it('says so when nothing was reported', async () => {
    mockApi({ 'GET /platform/remote-reports': () => ({ since: answer.since, summary: [], reports: [] }) });
    render(admin);
    expect(await screen.findByText(t.noneSummary)).toBeInTheDocument();
    expect(screen.getByText(t.noneReports)).toBeInTheDocument();
  });

  it('offers a retry when the reports cannot be loaded', async () => {
    mockApi({
      'GET /platform/remote-reports': () => {
        throw new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
      },
    });
    render(admin);
    expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
  });

  it('shows a non-admin the access-denied text and asks the API nothing', async () => {
    const api = mockApi({ 'GET /platform/remote-reports': () => answer });
    render(renter);
    expect(await screen.findByTestId('remote-health-denied')).toHaveTextContent(messages.common.forbidden);
    expect(screen.queryByTestId('remote-health-summary')).toBeNull();
    expect(api.requests('GET /platform/remote-reports')).toHaveLength(0);
  });
});

describe('AdminLinks', () => {
  it('links an admin to the remote health page and shows others nothing', () => {
    const { unmount } = render(admin, '/auth/admin');
    expect(screen.getByRole('link', { name: t.link })).toHaveAttribute('href', '/auth/admin/remote-health');
    unmount();
    render(renter, '/auth/admin');
    expect(screen.queryByRole('link', { name: t.link })).toBeNull();
  });
});

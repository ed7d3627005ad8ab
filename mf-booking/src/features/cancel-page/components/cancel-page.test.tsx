import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import type { CancelByHashAnswer } from 'shared-kernel/schemas';
import { CancelPage } from './cancel-page';

const ROUTE = '/public/reservation-cancel/:hash/:name';
const answer = (status: CancelByHashAnswer['status']): CancelByHashAnswer => ({
  status,
  startTs: '2030-06-02T05:00:00.000Z',
  endTs: '2030-06-03T05:00:00.000Z',
  productName: 'Kardirada',
});
const render = () =>
  renderWithPlatform(
    <Routes>
      <Route path={ROUTE} element={<CancelPage />} />
    </Routes>,
    { route: '/public/reservation-cancel/abcdEFGH1234/Mari%20Maasikas' },
  );

describe('CancelPage', () => {
  it('shows a manual rent as booked, with its period and a cancel link that asks first', async () => {
    const u = userEvent.setup();
    let status: CancelByHashAnswer['status'] = 'MANUAL';
    const api = mockApi({
      'GET /reservations/cancel/hash/:hash': () => answer(status),
      'PUT /reservations/cancel/hash/:hash': () => {
        status = 'CANCELLED';
        return answer(status);
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Broneering õnnestus' })).toBeInTheDocument();
    expect(screen.getByText('Rendiperiood: 02.06.2030 08:00 – 03.06.2030 08:00')).toBeInTheDocument();
    expect(api.requests('GET /reservations/cancel/hash/:hash')[0]).toMatchObject({
      path: '/reservations/cancel/hash/abcdEFGH1234',
      query: { name: 'Mari Maasikas' },
    });

    await u.click(screen.getByRole('button', { name: 'Tühista broneering' }));
    await u.click(within(await screen.findByTestId('cancel-confirm')).getByRole('button', { name: 'Ei' }));
    await waitFor(() => expect(screen.queryByTestId('cancel-confirm')).not.toBeInTheDocument());
    expect(api.requests('PUT /reservations/cancel/hash/:hash')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Tühista broneering' }));
    await u.click(within(await screen.findByTestId('cancel-confirm')).getByRole('button', { name: 'Jah' }));
    expect(await screen.findByRole('heading', { name: 'Tühistatud' })).toBeInTheDocument();
    expect(api.requests('PUT /reservations/cancel/hash/:hash')[0].query).toEqual({ name: 'Mari Maasikas' });
  });

  it('heads any other status as cancelled, without a cancel link', async () => {
    mockApi({ 'GET /reservations/cancel/hash/:hash': () => answer('CANCELLED') });
    render();
    expect(await screen.findByRole('heading', { name: 'Tühistatud' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tühista broneering' })).not.toBeInTheDocument();
  });

  it('says when nothing matches the link', async () => {
    mockApi({
      'GET /reservations/cancel/hash/:hash': () => {
        throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' });
      },
    });
    render();
    expect(await screen.findByText('Broneeringut ei leitud, või on broneering oma aja ületanud.')).toBeInTheDocument();
  });
});

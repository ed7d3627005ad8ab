import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { ApiError } from 'shared-kernel/api';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { polyfillPointerEvent } from '../../forms/test-utils';
import { requestPasswordReset } from '../api/request-password-reset';
import { resetPassword } from '../api/reset-password';
import { ChangePasswordPage } from './change-password-page';
import { ForgotPasswordPage } from './forgot-password-page';

jest.setTimeout(30000);
polyfillPointerEvent();
jest.mock('../api/request-password-reset');
jest.mock('../api/reset-password');
// GET /forgot-pw/:hash, as (hash).
const checkMock = jest.fn<Promise<boolean>, [string]>();
const requestMock = requestPasswordReset as jest.MockedFunction<typeof requestPasswordReset>;
const resetMock = resetPassword as jest.MockedFunction<typeof resetPassword>;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function setup(route: string, session: ReturnType<typeof makeUser> | null = null, reload = jest.fn()) {
  renderWithPlatform(
    <Routes>
      <Route path="/public/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/public/change-password" element={<ChangePasswordPage reload={reload} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
  return reload;
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const error = (name: string) => document.querySelector(`[data-testid="error-${name}"]`)?.textContent ?? '';

beforeEach(() => {
  checkMock.mockReset();
  mockApi({ 'GET /forgot-pw/:hash': ({ params }) => checkMock(String(params.hash)) });
  requestMock.mockReset();
  resetMock.mockReset();
});
afterEach(() => jest.useRealTimers());

describe('ForgotPasswordPage', () => {
  it('requires a valid email', () => {
    setup('/public/forgot-password');
    fireEvent.blur(input('email'));
    expect(error('email')).toBe('Kohustuslik');
    fireEvent.change(input('email'), { target: { value: 'mari' } });
    expect(error('email')).toBe('Vale email');
  });

  it('confirms and goes to the front page after 3 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    requestMock.mockResolvedValue(undefined);
    setup('/public/forgot-password');
    fireEvent.change(input('email'), { target: { value: 'mari@example.ee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saada link' }));
    expect(await screen.findByText('Õnnestus! Kontrolli oma emaili.')).toBeInTheDocument();
    expect(requestMock).toHaveBeenCalledWith('mari@example.ee');
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByTestId('where')).toHaveTextContent('/public');
  });

  it('says Vale email when the server refuses', async () => {
    requestMock.mockRejectedValue(new ApiError({ status: 404, code: 'EMAIL_NOT_FOUND', message: 'Vale email' }));
    setup('/public/forgot-password');
    fireEvent.change(input('email'), { target: { value: 'keegi@example.ee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Saada link' }));
    await waitFor(() => expect(screen.getByTestId('forgot-result')).toHaveTextContent('Vale email'));
  });

  it('sends a signed-in user to the public area', async () => {
    setup('/public/forgot-password', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/public'));
  });
});

describe('ChangePasswordPage', () => {
  it('leaves for the front page when the hash is invalid', async () => {
    checkMock.mockResolvedValue(false);
    setup('/public/change-password?key=vana');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/public'));
    expect(checkMock).toHaveBeenCalledWith('vana');
  });

  it('validates both fields and sets the new password, then reloads after 1.5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    checkMock.mockResolvedValue(true);
    resetMock.mockResolvedValue(undefined);
    const reload = setup('/public/change-password?key=abc');
    await screen.findByRole('button', { name: 'Salvesta parool' });
    fireEvent.blur(input('password'));
    fireEvent.blur(input('passwordRepeat'));
    expect(error('password')).toBe('Kohustuslik');
    expect(error('passwordRepeat')).toBe('Kohustuslik');
    fireEvent.change(input('password'), { target: { value: 'lühike' } });
    expect(error('password')).toBe('Parool peab olema vähemalt 8 tähemärki pikk ning sisaldama suurtähte, väiketähte ja numbrit.');
    fireEvent.change(input('password'), { target: { value: 'Uusparool1' } });
    fireEvent.change(input('passwordRepeat'), { target: { value: 'Uusparool2' } });
    // Spec 5: the change-password repeat says 'Parool ei ühti.' (sign-up's says 'Paroolid ei ühti.').
    expect(error('passwordRepeat')).toBe('Parool ei ühti.');
    fireEvent.change(input('passwordRepeat'), { target: { value: 'Uusparool1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvesta parool' }));
    expect(await screen.findByText('Õnnestus! uus parool seatud.')).toBeInTheDocument();
    expect(resetMock).toHaveBeenCalledWith('abc', 'Uusparool1');
    act(() => jest.advanceTimersByTime(1500));
    expect(reload).toHaveBeenCalled();
  });

  it('tells a signed-in user to sign out first and sends them to the public area', async () => {
    setup('/public/change-password?key=abc', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/public'));
    expect(checkMock).not.toHaveBeenCalled();
  });
});

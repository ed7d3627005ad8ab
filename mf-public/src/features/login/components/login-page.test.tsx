import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ApiError, configureApi } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { makeUser, renderWithPlatform } from 'shared-kernel/testing';
import { polyfillPointerEvent } from '../../forms/test-utils';
import { login } from '../api/login';
import { sessionGoogle } from '../api/session-google';
import { LoginPage } from './login-page';

jest.setTimeout(30000);
polyfillPointerEvent();
jest.mock('../api/login');
jest.mock('../api/session-google');
const loginMock = login as jest.MockedFunction<typeof login>;
const googleMock = sessionGoogle as jest.MockedFunction<typeof sessionGoogle>;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function setup(route = '/public/login', session: ReturnType<typeof makeUser> | null = null) {
  renderWithPlatform(
    <Routes>
      <Route path="/public/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
const set = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

beforeEach(() => {
  loginMock.mockReset();
  googleMock.mockReset();
});

describe('LoginPage', () => {
  it('requires username and password after touch', () => {
    setup();
    fireEvent.blur(input('username'));
    fireEvent.blur(input('password'));
    expect(screen.getAllByText('Kohustuslik')).toHaveLength(2);
  });

  it('shows the wrong-password message', async () => {
    loginMock.mockRejectedValue(new ApiError({ status: 401, code: 'BAD_CREDENTIALS', message: 'Vale email või parool' }));
    setup();
    set('username', 'mari@example.ee');
    set('password', 'vale');
    await userEvent.click(screen.getByRole('button', { name: 'Logi sisse' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Vale email või parool');
  });

  it('shows the lock-out message for the API answer LOCKED / LockedException', async () => {
    loginMock.mockRejectedValue(new ApiError({ status: 401, code: 'LOCKED', message: 'LockedException: too many failed logins, account locked for 1 hour' }));
    setup();
    set('username', 'mari@example.ee');
    set('password', 'vale');
    await userEvent.click(screen.getByRole('button', { name: 'Logi sisse' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Too many failed logins, account locked for 1 hour');
  });

  it('does not blame the password when no answer came (network down, timeout); the typed values stay', async () => {
    loginMock
      .mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Ühendus serveriga ebaõnnestus. Proovi uuesti.' }))
      .mockRejectedValueOnce(new ApiError({ status: 0, code: 'TIMEOUT', message: 'Server ei vastanud õigel ajal. Proovi uuesti.' }));
    setup();
    set('username', 'mari@example.ee');
    set('password', 'Salasona1');
    await userEvent.click(screen.getByRole('button', { name: 'Logi sisse' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Ühendus serveriga ebaõnnestus. Proovi uuesti.');
    expect(screen.getByTestId('login-error')).not.toHaveTextContent('Vale email või parool');
    await userEvent.click(screen.getByRole('button', { name: 'Logi sisse' }));
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveTextContent('Server ei vastanud õigel ajal. Proovi uuesti.'));
    expect(input('username').value).toBe('mari@example.ee');
    expect(input('password').value).toBe('Salasona1');
  });

  it('goes to the goto parameter after signing in', async () => {
    loginMock.mockResolvedValue(makeUser());
    setup('/public/login?goto=%2Fauth%2Fcontracts');
    set('username', 'mari@example.ee');
    set('password', 'Salasona1');
    await userEvent.click(screen.getByRole('button', { name: 'Logi sisse' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/contracts'));
  });

  it('sends a signed-in user to the profile at once, and ignores a foreign goto', async () => {
    setup('/public/login?goto=https%3A%2F%2Fevil.example', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
  });

  it('sends an already signed-in user to the profile, not to goto (spec 2.5)', async () => {
    setup('/public/login?goto=%2Fauth%2Fcontracts', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
    expect(screen.getByTestId('where')).not.toHaveTextContent('/auth/contracts');
  });

  it("a suspended account gets 'Konto on peatatud' from the real client, and no global 403 alert", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const notices: string[] = [];
    const off = on('notice', (n) => notices.push(n.message));
    const fetch = jest.fn(
      async () =>
        ({
          ok: false, status: 403, statusText: 'Forbidden',
          text: async () => JSON.stringify({ statusCode: 403, code: 'ACCOUNT_SUSPENDED', message: 'Konto on peatatud', codes: ['ACCOUNT_SUSPENDED'] }),
        }) as unknown as Response,
    );
    configureApi({ fetch });
    loginMock.mockImplementation(jest.requireActual<typeof import('../api/login')>('../api/login').login);
    try {
      setup();
      set('username', 'peatatud@rendime.ee');
      set('password', 'Peatatud123');
      fireEvent.click(screen.getByRole('button', { name: 'Logi sisse' }));
      expect(await screen.findByTestId('login-error')).toHaveTextContent('Konto on peatatud');
      expect(screen.getByTestId('login-error')).not.toHaveTextContent('Vale email või parool');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3000);
      });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(notices).not.toContain('Õigused puuduvad, või on session aegunud');
    } finally {
      off();
      configureApi();
      jest.useRealTimers();
    }
  });

  it('signs in with the Google sandbox credential, and shows the spec message when Google fails', async () => {
    googleMock.mockRejectedValueOnce(new ApiError({ status: 401, code: 'GOOGLE_LOGIN_FAILED', message: 'x' })).mockResolvedValue(makeUser());
    setup();
    await userEvent.click(screen.getByTestId('google-sign-in'));
    const email = screen.getByRole('textbox', { name: 'Google konto aadress' });
    fireEvent.change(email, { target: { value: 'mari@gmail.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Jätka' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Google login fails. Try username/password.');
    const credential = googleMock.mock.calls[0][0];
    const payload = JSON.parse(atob(credential.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: 'https://accounts.google.com', email: 'mari@gmail.com', email_verified: true });
    await userEvent.click(screen.getByRole('button', { name: 'Jätka' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError, configureApi } from 'shared-kernel/api';
import { on } from 'shared-kernel/events';
import { makeUser, renderWithPlatform } from 'shared-kernel/testing';
import { login } from '../api/login';
import { sessionGoogle } from '../api/session-google';
import { LoginPage } from './login-page';

jest.setTimeout(30000);
jest.mock('../api/login');
// The component runs the call through its mutation options; both see the same mock.
jest.mock('../api/session-google', () => {
  const sessionGoogle = jest.fn();
  return { sessionGoogle, sessionGoogleMutationOptions: () => ({ mutationFn: (vars: unknown) => sessionGoogle(vars) }) };
});
const loginMock = login as jest.MockedFunction<typeof login>;
const googleMock = sessionGoogle as jest.MockedFunction<typeof sessionGoogle>;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function setup(route = '/public/login', session: ReturnType<typeof makeUser> | null = null, fakeTimers = false) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  renderWithPlatform(
    <Routes>
      <Route path="/public/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
  return user;
}

const username = () => screen.getByRole('textbox', { name: 'E-post' });
const password = () => screen.getByLabelText('Parool');
const submit = () => screen.getByRole('button', { name: 'Logi sisse' });
const refusal = () => screen.findByRole('alert');

async function signIn(user: ReturnType<typeof userEvent.setup>, name: string, pass: string) {
  await user.click(username());
  await user.paste(name);
  await user.click(password());
  await user.paste(pass);
  await user.click(submit());
}

beforeEach(() => {
  loginMock.mockReset();
  googleMock.mockReset();
});

describe('LoginPage', () => {
  it('requires username and password after touch, and sends nothing without them', async () => {
    const user = setup();
    await user.click(username());
    await user.click(password());
    await user.click(document.body);
    await waitFor(() => expect(username()).toHaveAccessibleErrorMessage('Kohustuslik'));
    expect(password()).toHaveAccessibleErrorMessage('Kohustuslik');
    await user.click(submit());
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed username and the password as typed', async () => {
    loginMock.mockResolvedValue(makeUser());
    const user = setup();
    await signIn(user, ' mari@example.ee ', ' Salasona1 ');
    await waitFor(() => expect(loginMock).toHaveBeenCalledWith({ username: 'mari@example.ee', password: ' Salasona1 ' }));
  });

  it('shows the wrong-password message', async () => {
    loginMock.mockRejectedValue(new ApiError({ status: 401, code: 'BAD_CREDENTIALS', message: 'Vale email või parool' }));
    const user = setup();
    await signIn(user, 'mari@example.ee', 'vale');
    expect(await refusal()).toHaveTextContent('Vale email või parool');
  });

  it('shows the lock-out message for the API answer LOCKED / LockedException', async () => {
    loginMock.mockRejectedValue(
      new ApiError({ status: 401, code: 'LOCKED', message: 'LockedException: too many failed logins, account locked for 1 hour' }),
    );
    const user = setup();
    await signIn(user, 'mari@example.ee', 'vale');
    expect(await refusal()).toHaveTextContent('Liiga palju ebaõnnestunud sisselogimisi, konto on tunniks lukustatud');
  });

  it('says to wait, not "wrong password", when the address is over its sign-in limit (429, issue 29)', async () => {
    loginMock.mockRejectedValue(
      new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Liiga palju katseid. Proovi mõne minuti pärast uuesti.' }),
    );
    const user = setup();
    await signIn(user, 'mari@example.ee', 'vale');
    expect(await refusal()).toHaveTextContent('Liiga palju katseid. Proovi mõne minuti pärast uuesti.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/Vale email või parool|RATE_LIMITED/);
  });

  it('does not blame the password when no answer came (network down, timeout); the typed values stay', async () => {
    loginMock
      .mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Ühendus serveriga ebaõnnestus. Proovi uuesti.' }))
      .mockRejectedValueOnce(new ApiError({ status: 0, code: 'TIMEOUT', message: 'Server ei vastanud õigel ajal. Proovi uuesti.' }));
    const user = setup();
    await signIn(user, 'mari@example.ee', 'Salasona1');
    expect(await refusal()).toHaveTextContent('Ühendus serveriga ebaõnnestus. Proovi uuesti.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Vale email või parool');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Server ei vastanud õigel ajal. Proovi uuesti.'));
    expect(username()).toHaveValue('mari@example.ee');
    expect(password()).toHaveValue('Salasona1');
  });

  it('goes to the goto parameter after signing in', async () => {
    loginMock.mockResolvedValue(makeUser());
    const user = setup('/public/login?goto=%2Fauth%2Fcontracts');
    await signIn(user, 'mari@example.ee', 'Salasona1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/contracts'));
  });

  it('says why when a heart pressed while signed out brought the visitor here', () => {
    setup(`/public/login?goto=${encodeURIComponent('/public/search-products?search=haagis&save=4')}`);
    expect(screen.getByText('Logi sisse, et toode salvestada.')).toBeInTheDocument();
  });

  it('gives no save hint for another return path', () => {
    setup(`/public/login?goto=${encodeURIComponent('/public/search-products?search=saun')}`);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Logi sisse, et toode salvestada.')).toBeNull();
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
    jest.useFakeTimers();
    const notices: string[] = [];
    const off = on('notice', (n) => notices.push(n.message));
    // The answer comes on the fake clock, so it settles inside act below.
    const fetch = jest.fn(async () =>
      new Promise((resolve) => setTimeout(resolve, 100)).then(
        () =>
          ({
            ok: false,
            status: 403,
            statusText: 'Forbidden',
            text: async () =>
              JSON.stringify({ statusCode: 403, code: 'ACCOUNT_SUSPENDED', message: 'Konto on peatatud', codes: ['ACCOUNT_SUSPENDED'] }),
          }) as unknown as Response,
      ),
    );
    configureApi({ fetch });
    loginMock.mockImplementation(jest.requireActual<typeof import('../api/login')>('../api/login').login);
    try {
      const user = setup('/public/login', null, true);
      await user.click(username());
      await user.paste('peatatud@rendime.ee');
      await user.click(password());
      await user.paste('Peatatud123');
      await user.click(submit());
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(await refusal()).toHaveTextContent('Konto on peatatud');
      expect(screen.getByRole('alert')).not.toHaveTextContent('Vale email või parool');
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
    googleMock
      .mockRejectedValueOnce(new ApiError({ status: 401, code: 'GOOGLE_LOGIN_FAILED', message: 'x' }))
      .mockResolvedValue(makeUser());
    const user = setup();
    await user.click(screen.getByRole('button', { name: /Google/ }));
    const email = screen.getByRole('textbox', { name: 'Google konto aadress' });
    await user.click(screen.getByRole('button', { name: 'Jätka' }));
    await waitFor(() => expect(email).toHaveAccessibleErrorMessage('Kohustuslik'));
    await user.type(email, 'mari@');
    await waitFor(() => expect(email).toHaveAccessibleErrorMessage('Vale email'));
    expect(googleMock).not.toHaveBeenCalled();
    await user.type(email, 'gmail.com');
    await user.click(screen.getByRole('button', { name: 'Jätka' }));
    expect(await refusal()).toHaveTextContent('Google’iga sisselogimine ebaõnnestus. Proovi e-posti ja parooliga.');
    const credential = googleMock.mock.calls[0][0];
    const payload = JSON.parse(atob(credential.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: 'https://accounts.google.com', email: 'mari@gmail.com', email_verified: true });
    await user.click(screen.getByRole('button', { name: 'Jätka' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
  });
});

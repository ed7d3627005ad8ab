import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { requestPasswordReset } from '../api/request-password-reset';
import { resetPassword } from '../api/reset-password';
import { ChangePasswordPage } from './change-password-page';
import { ForgotPasswordPage } from './forgot-password-page';

jest.setTimeout(30000);
// The component runs the call through its mutation options; both see the same mock.
jest.mock('../api/request-password-reset', () => {
  const requestPasswordReset = jest.fn();
  return {
    requestPasswordReset,
    requestPasswordResetMutationOptions: () => ({ mutationFn: (vars: unknown) => requestPasswordReset(vars) }),
  };
});
jest.mock('../api/reset-password', () => {
  const resetPassword = jest.fn();
  return {
    resetPassword,
    resetPasswordMutationOptions: () => ({
      mutationFn: ({ hash, newPassword }: { hash: string; newPassword: string }) => resetPassword(hash, newPassword),
    }),
  };
});
// GET /forgot-pw/:hash, as (hash): answered below the slice's api call so its query options run.
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

type User = ReturnType<typeof userEvent.setup>;
const email = () => screen.getByRole('textbox', { name: 'E-post' });
const newPassword = () => screen.getByLabelText('Uus parool');
const repeat = () => screen.getByLabelText('Korda uut parooli');
const PASSWORD_RULE = 'Parool peab olema vähemalt 8 tähemärki pikk ning sisaldama suurtähte, väiketähte ja numbrit.';

async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}
const fakeClockUser = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
/** A server answering after 100 ms of the fake clock, so the answer settles inside act. */
const later =
  <T,>(value: T) =>
  () =>
    new Promise<T>((resolve) => setTimeout(() => resolve(value), 100));

beforeEach(() => {
  checkMock.mockReset();
  mockApi({ 'GET /forgot-pw/:hash': ({ params }) => checkMock(String(params.hash)) });
  requestMock.mockReset();
  resetMock.mockReset();
});
afterEach(() => jest.useRealTimers());

describe('ForgotPasswordPage', () => {
  it('requires a valid email', async () => {
    const user = userEvent.setup();
    setup('/public/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Saada link' }));
    await waitFor(() => expect(email()).toHaveAccessibleErrorMessage('Kohustuslik'));
    await user.type(email(), 'mari');
    await waitFor(() => expect(email()).toHaveAccessibleErrorMessage('Vale email'));
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('confirms and goes to the front page after 3 s', async () => {
    jest.useFakeTimers();
    requestMock.mockImplementation(later(undefined));
    const user = fakeClockUser();
    setup('/public/forgot-password');
    await fill(user, email(), ' mari@example.ee ');
    await user.click(screen.getByRole('button', { name: 'Saada link' }));
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status')).toHaveTextContent('Õnnestus! Kontrolli oma emaili.');
    expect(requestMock).toHaveBeenCalledWith('mari@example.ee');
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.queryByTestId('where')).toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByTestId('where')).toHaveTextContent('/public');
  });

  it('says Vale email when the server refuses', async () => {
    requestMock.mockRejectedValue(new ApiError({ status: 404, code: 'EMAIL_NOT_FOUND', message: 'Vale email' }));
    const user = userEvent.setup();
    setup('/public/forgot-password');
    await fill(user, email(), 'keegi@example.ee');
    await user.click(screen.getByRole('button', { name: 'Saada link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vale email');
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
    jest.useFakeTimers();
    checkMock.mockImplementation(later(true));
    resetMock.mockImplementation(later(undefined));
    const user = fakeClockUser();
    const reload = setup('/public/change-password?key=abc');
    await act(() => jest.advanceTimersByTimeAsync(100));
    const save = screen.getByRole('button', { name: 'Salvesta parool' });
    await user.click(save);
    await waitFor(() => expect(newPassword()).toHaveAccessibleErrorMessage('Kohustuslik'));
    expect(repeat()).toHaveAccessibleErrorMessage('Kohustuslik');
    await fill(user, newPassword(), 'lühike');
    await waitFor(() => expect(newPassword()).toHaveAccessibleErrorMessage(PASSWORD_RULE));
    await fill(user, newPassword(), 'Uusparool1');
    await fill(user, repeat(), 'Uusparool2');
    // Spec 5: the change-password repeat says 'Parool ei ühti.' (sign-up's says 'Paroolid ei ühti.').
    await waitFor(() => expect(repeat()).toHaveAccessibleErrorMessage('Parool ei ühti.'));
    await fill(user, repeat(), 'Uusparool1');
    await user.click(save);
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status')).toHaveTextContent('Õnnestus! uus parool seatud.');
    expect(resetMock).toHaveBeenCalledWith('abc', 'Uusparool1');
    act(() => jest.advanceTimersByTime(1500));
    expect(reload).toHaveBeenCalled();
  });

  it("puts the server's password refusal at the field until the password is edited", async () => {
    checkMock.mockResolvedValue(true);
    resetMock.mockRejectedValue(new ApiError({ status: 400, code: 'INVALID_PASSWORD', message: 'x' }));
    const user = userEvent.setup();
    setup('/public/change-password?key=abc');
    const save = await screen.findByRole('button', { name: 'Salvesta parool' });
    await fill(user, newPassword(), 'Uusparool1');
    await fill(user, repeat(), 'Uusparool1');
    await user.click(save);
    await waitFor(() => expect(newPassword()).toHaveAccessibleErrorMessage(PASSWORD_RULE));
    await user.type(newPassword(), 'x');
    await waitFor(() => expect(newPassword()).not.toHaveAccessibleErrorMessage());
  });

  it('tells a signed-in user to sign out first and sends them to the public area', async () => {
    setup('/public/change-password?key=abc', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/public'));
    expect(checkMock).not.toHaveBeenCalled();
  });
});

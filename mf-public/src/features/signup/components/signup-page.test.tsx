import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import { setPlatformHost } from 'shared-kernel/platform';
import { makeUser, renderWithPlatform } from 'shared-kernel/testing';
import { EMAIL_RULE_EXAMPLES } from 'shared-kernel/testing/rule-examples';
import { registerUser } from '../api/register-user';
import { validateBusiness } from '../api/validate-business';
import { SignupPage } from './signup-page';

jest.setTimeout(30000);
// The component runs the call through its mutation options; both see the same mock.
jest.mock('../api/register-user', () => {
  const registerUser = jest.fn();
  return { registerUser, registerUserMutationOptions: () => ({ mutationFn: (vars: unknown) => registerUser(vars) }) };
});
jest.mock('../api/validate-business', () => {
  const validateBusiness = jest.fn();
  return { validateBusiness, validateBusinessMutationOptions: () => ({ mutationFn: (vars: unknown) => validateBusiness(vars) }) };
});
const registerMock = registerUser as jest.MockedFunction<typeof registerUser>;
const validateMock = validateBusiness as jest.MockedFunction<typeof validateBusiness>;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function setup(reload = jest.fn(), route = '/public/signup', session: ReturnType<typeof makeUser> | null = null, fakeTimers = false) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  renderWithPlatform(
    <Routes>
      <Route path="/public/signup" element={<SignupPage reload={reload} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
  return { reload, user };
}

/** A stand-in for mf-account's identity-check widget: one button per outcome. */
function FakeIdentityWidget({ personalCode, onResult }: { personalCode: string; onResult: (r: unknown) => void }) {
  return (
    <div>
      <span data-testid="widget-code">{personalCode}</span>
      <button type="button" onClick={() => onResult({ status: 'ok', token: 'tok-1' })}>
        fake ok
      </button>
      <button type="button" onClick={() => onResult({ status: 'error', message: 'Identity verification cancelled' })}>
        fake fail
      </button>
    </div>
  );
}

const apiError = (code: string, message = code) => new ApiError({ status: 409, code, message });
const PASSWORD_RULE = 'Parool peab olema vähemalt 8 tähemärki pikk ning sisaldama suurtähte, väiketähte ja numbrit.';

type User = ReturnType<typeof userEvent.setup>;

/** The fields of one tab's form, found by their labels. */
function formOf(name: 'Eraklient' | 'Äriklient') {
  const form = within(screen.getByRole('form', { name }));
  return {
    form,
    email: () => form.getByRole('textbox', { name: 'E-post' }),
    password: () => form.getByLabelText('Parool'),
    repeat: () => form.getByLabelText('Korda parooli'),
    text: (label: string) => form.getByRole('textbox', { name: label }),
    terms: () => form.getByRole('checkbox', { name: 'Olen tingimustega tutvunud ja nõustun nendega' }),
    submit: () => form.getByRole('button', { name: 'Registreeru' }),
  };
}

/** Typing each key through Chakra is slow under jsdom; a paste is one input, as the form sees it. */
async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

beforeEach(() => {
  registerMock.mockReset();
  validateMock.mockReset();
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = undefined;
  setPlatformHost({ hasWidget: () => true, loadWidget: async () => FakeIdentityWidget as never });
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__rendimePlatformHost;
  jest.useRealTimers();
});

describe('private registration', () => {
  it('shows each validation message only after the field is left', async () => {
    const { user } = setup();
    const f = formOf('Eraklient');
    const leave = () => user.click(document.body);
    expect(f.email()).not.toHaveAccessibleErrorMessage();
    await user.click(f.email());
    await leave();
    await waitFor(() => expect(f.email()).toHaveAccessibleErrorMessage('Kohustuslik'));
    await user.type(f.email(), 'mari@');
    await waitFor(() => expect(f.email()).toHaveAccessibleErrorMessage('Vale email'));
    await user.type(f.password(), 'lühike');
    expect(f.password()).not.toHaveAccessibleErrorMessage();
    await leave();
    await waitFor(() => expect(f.password()).toHaveAccessibleErrorMessage(PASSWORD_RULE));
    await user.click(f.repeat());
    await leave();
    await waitFor(() => expect(f.repeat()).toHaveAccessibleErrorMessage('Kohustuslik'));
    await user.type(f.repeat(), 'muu');
    await waitFor(() => expect(f.repeat()).toHaveAccessibleErrorMessage('Paroolid ei ühti.'));
    // Changing the password checks the repeat again.
    await fill(user, f.password(), 'muu');
    await waitFor(() => expect(f.repeat()).not.toHaveAccessibleErrorMessage());
  });

  // The server's rule (shared-kernel/schemas): the form refuses what the API would refuse.
  it.each(EMAIL_RULE_EXAMPLES.map((e) => [e.value, e.valid] as const))(
    'judges the e-mail %j as the server does (valid=%s)',
    async (value, valid) => {
      const { user } = setup();
      const f = formOf('Eraklient');
      await user.click(f.email());
      await user.click(document.body);
      await waitFor(() => expect(f.email()).toHaveAccessibleErrorMessage('Kohustuslik'));
      await user.click(f.email());
      await user.paste(value);
      if (valid) await waitFor(() => expect(f.email()).not.toHaveAccessibleErrorMessage());
      else await waitFor(() => expect(f.email()).toHaveAccessibleErrorMessage('Vale email'));
    },
  );

  it('keeps submit disabled until the terms are ticked, then sends the spec payload and finishes as the spec says', async () => {
    registerMock.mockResolvedValue(makeUser({ id: 77, name: 'Uus', lastName: 'Kasutaja', roles: ['ROLE_USER_B2C_NEED_ID'] }));
    jest.useFakeTimers({ advanceTimers: true });
    const { reload, user } = setup(jest.fn(), '/public/signup', null, true);
    const f = formOf('Eraklient');
    await fill(user, f.email(), ' mari@example.ee ');
    await fill(user, f.password(), 'Salasona1');
    await fill(user, f.repeat(), 'Salasona1');
    expect(f.submit()).toBeDisabled();
    await user.click(f.terms());
    await waitFor(() => expect(f.submit()).toBeEnabled());
    await user.click(f.submit());
    // The mutation settles after the call; waiting for its end keeps every update inside act.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
    expect(registerMock).toHaveBeenCalledTimes(1);
    const payload = registerMock.mock.calls[0][0];
    expect(payload).toMatchObject({
      username: 'mari@example.ee',
      password: 'Salasona1',
      name: 'Uus',
      lastName: 'Kasutaja',
      identityCode: 'Kinnitamata',
      countryCode: 'EE',
      type: 'B2C',
      contactInfos: [{ type: 'EMAIL', value: 'mari@example.ee', prime: false }],
    });
    expect(new Date(payload.birthday as string).toDateString()).toBe(new Date().toDateString());
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toContainEqual(expect.objectContaining({ event: 'user registered' }));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1500));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['INVALID_PASSWORD', 'password', PASSWORD_RULE],
    ['EMAIL_ALREADY_IN_USE', 'email', 'Email on juba kasutusel.'],
    ['INVALID_USERNAME', 'email', 'Kasutajanimi on liiga lühike.'],
    ['USER_EXIST', 'email', 'Email on juba võetud.'],
  ] as const)('shows %s at the %s field until that field is edited', async (code, field, text) => {
    registerMock.mockRejectedValue(apiError(code));
    const { user } = setup();
    const f = formOf('Eraklient');
    await fill(user, f.email(), 'mari@example.ee');
    await fill(user, f.password(), 'Salasona1');
    await fill(user, f.repeat(), 'Salasona1');
    await user.click(f.terms());
    await user.click(f.submit());
    const input = field === 'email' ? f.email : f.password;
    await waitFor(() => expect(input()).toHaveAccessibleErrorMessage(text));
    expect(f.form.queryByRole('alert')).toBeNull();
    await fill(user, input(), field === 'email' ? 'mari2@example.ee' : 'Salasona2');
    await waitFor(() => expect(input()).not.toHaveAccessibleErrorMessage());
  });

  it('shows any other refusal for the whole form', async () => {
    registerMock.mockRejectedValue(apiError('SOMETHING_ELSE'));
    const { user } = setup();
    const f = formOf('Eraklient');
    await fill(user, f.email(), 'mari@example.ee');
    await fill(user, f.password(), 'Salasona1');
    await fill(user, f.repeat(), 'Salasona1');
    await user.click(f.terms());
    await user.click(f.submit());
    expect(await f.form.findByRole('alert')).toHaveTextContent('Viga registreerumisel - võta ühendust info@rendime.ee');
  });

  it('sends a signed-in user to the profile', async () => {
    setup(jest.fn(), '/public/signup', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
  });
});

async function fillBusiness(user: User) {
  await user.click(screen.getByRole('tab', { name: 'Äriklient' }));
  const f = formOf('Äriklient');
  await fill(user, f.text('Ettevõtte nimi'), 'Rendiäri OÜ');
  await fill(user, f.text('Registrikood'), '12345678');
  await fill(user, f.text('Esindaja nimi'), 'Mari Maasikas');
  await fill(user, f.text('Esindaja isikukood'), '40504040001');
  await fill(user, f.email(), 'firma@example.ee');
  await fill(user, f.password(), 'Salasona1');
  await fill(user, f.repeat(), 'Salasona1');
  expect(await f.form.findByTestId('widget-code')).toHaveTextContent('40504040001');
  return f;
}

describe('business registration', () => {
  it('validates the company fields and the personal code after touch', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Äriklient' }));
    const f = formOf('Äriklient');
    for (const label of ['Ettevõtte nimi', 'Registrikood', 'Esindaja nimi', 'Esindaja isikukood']) {
      await user.click(f.text(label));
      await user.tab();
      await waitFor(() => expect(f.text(label)).toHaveAccessibleErrorMessage('Kohustuslik'));
    }
    await user.type(f.text('Esindaja isikukood'), '30303039915');
    await waitFor(() =>
      expect(f.text('Esindaja isikukood')).toHaveAccessibleErrorMessage(
        'Vigane isikukood, tuvastamise jätkamiseks sisesta palun õige isikukood: 30303039915',
      ),
    );
    expect(f.form.getByText('Isikutuvastuseks sisesta esindaja isikukood.')).toBeInTheDocument();
    expect(f.form.getByRole('checkbox', { name: 'Käibemaksukohuslane' })).toBeChecked();
  });

  it('enables register only after a successful verification and ticked terms, validates, then sends the token', async () => {
    validateMock.mockResolvedValue({ valid: true, message: 'OK' });
    registerMock.mockResolvedValue(makeUser({ type: 'B2B', isB2b: true }));
    const { user } = setup();
    const f = await fillBusiness(user);
    await user.click(f.terms());
    await waitFor(() => expect(f.terms()).toBeChecked());
    expect(f.submit()).toBeDisabled();
    await user.click(f.form.getByRole('button', { name: 'fake fail' }));
    expect(f.submit()).toBeDisabled();
    await user.click(f.form.getByRole('button', { name: 'fake ok' }));
    expect(f.form.getByRole('status')).toHaveTextContent('Esindaja isik on tuvastatud.');
    expect(f.submit()).toBeEnabled();
    await user.click(f.submit());
    await waitFor(() => expect(registerMock).toHaveBeenCalled());
    expect(validateMock).toHaveBeenCalledWith({
      name: 'Rendiäri OÜ',
      registryCode: '12345678',
      personName: 'Mari Maasikas',
      personalCode: '40504040001',
    });
    expect(registerMock.mock.calls[0][0]).toMatchObject({
      type: 'B2B',
      name: 'Rendiäri OÜ',
      registryCode: '12345678',
      representativeName: 'Mari Maasikas',
      identityCode: '40504040001',
      allowVat: true,
      identityToken: 'tok-1',
      username: 'firma@example.ee',
    });
  });

  it('stops with the server message when the business validation fails, and forgets the check when the code changes', async () => {
    validateMock.mockResolvedValue({ valid: false, message: 'Registrikood on vigane' });
    const { user } = setup();
    const f = await fillBusiness(user);
    await user.click(f.form.getByRole('button', { name: 'fake ok' }));
    await user.click(f.terms());
    await user.click(f.submit());
    expect(await f.form.findByRole('alert')).toHaveTextContent('Viga registreerumisel - Registrikood on vigane');
    expect(registerMock).not.toHaveBeenCalled();
    await fill(user, f.text('Esindaja isikukood'), '38507140211');
    expect(f.submit()).toBeDisabled();
    // A fresh check for the new code.
    expect(await f.form.findByTestId('widget-code')).toHaveTextContent('38507140211');
  });

  it('maps USER_EXIST to the business wording, at the e-mail field', async () => {
    validateMock.mockResolvedValue({ valid: true, message: 'OK' });
    registerMock.mockRejectedValue(apiError('USER_EXIST'));
    const { user } = setup();
    const f = await fillBusiness(user);
    await user.click(f.form.getByRole('button', { name: 'fake ok' }));
    await user.click(f.terms());
    await user.click(f.submit());
    await waitFor(() => expect(f.email()).toHaveAccessibleErrorMessage('Kasutajanimi on juba võetud.'));
  });
});

describe('tabs', () => {
  it('switches with a horizontal swipe and ignores a vertical one', async () => {
    setup();
    const area = screen.getByTestId('signup-swipe-area');
    const swipe = async (x0: number, x1: number, y0 = 100, y1 = 100) => {
      fireEvent.touchStart(area, { touches: [{ clientX: x0, clientY: y0 }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: x1, clientY: y1 }] });
      // The tab panels finish their change a tick later.
      await act(async () => undefined);
    };
    expect(screen.getByRole('tab', { name: 'Eraklient' })).toHaveAttribute('aria-selected', 'true');
    await swipe(300, 100);
    expect(screen.getByRole('tab', { name: 'Äriklient' })).toHaveAttribute('aria-selected', 'true');
    await swipe(100, 130, 100, 400);
    expect(screen.getByRole('tab', { name: 'Äriklient' })).toHaveAttribute('aria-selected', 'true');
    await swipe(100, 300);
    expect(screen.getByRole('tab', { name: 'Eraklient' })).toHaveAttribute('aria-selected', 'true');
  });
});

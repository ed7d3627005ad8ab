jest.setTimeout(30000);
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { ApiError } from 'shared-kernel/api';
import { setPlatformHost } from 'shared-kernel/platform';
import { makeUser, renderWithPlatform } from 'shared-kernel/testing';
import { registerUser } from '../api/register-user';
import { validateBusiness } from '../api/validate-business';
import { polyfillPointerEvent, tick } from '../../forms/test-utils';
import { SignupPage } from './signup-page';

polyfillPointerEvent();

jest.mock('../api/register-user');
jest.mock('../api/validate-business');
const registerMock = registerUser as jest.MockedFunction<typeof registerUser>;
const validateMock = validateBusiness as jest.MockedFunction<typeof validateBusiness>;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function setup(reload = jest.fn(), route = '/public/signup', session: ReturnType<typeof makeUser> | null = null) {
  renderWithPlatform(
    <Routes>
      <Route path="/public/signup" element={<SignupPage reload={reload} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
  return reload;
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

/** Typing each key through Chakra is slow under jsdom; a change event is what the form reacts to. */
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value: input.value + value } });

const apiError = (code: string, message = code) => new ApiError({ status: 409, code, message });

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

function within(formTestId: string) {
  const form = screen.getByTestId(formTestId);
  return {
    form,
    input: (name: string) => form.querySelector(`input[name="${name}"]`) as HTMLInputElement,
    error: (name: string) => form.querySelector(`[data-testid="error-${name}"]`)?.textContent ?? '',
  };
}

describe('private registration', () => {
  it('shows each validation message only after the field is touched', async () => {
    setup();
    const f = within('private-form');
    expect(f.error('email')).toBe('');
    fireEvent.blur(f.input('email'));
    expect(f.error('email')).toBe('Kohustuslik');
    type(f.input('email'), 'mari@');
    expect(f.error('email')).toBe('Vale email');
    type(f.input('password'), 'lühike');
    fireEvent.blur(f.input('password'));
    expect(f.error('password')).toBe('Parool peab olema vähemalt 8 tähemärki pikk ning sisaldama suurtähte, väiketähte ja numbrit.');
    fireEvent.blur(f.input('passwordRepeat'));
    expect(f.error('passwordRepeat')).toBe('Kohustuslik');
    type(f.input('passwordRepeat'), 'muu');
    expect(f.error('passwordRepeat')).toBe('Paroolid ei ühti.');
  });

  it('keeps submit disabled until the terms are ticked, then sends the spec payload and finishes as the spec says', async () => {
    registerMock.mockResolvedValue(makeUser({ id: 77, name: 'Uus', lastName: 'Kasutaja', roles: ['ROLE_USER_B2C_NEED_ID'] }));
    jest.useFakeTimers({ advanceTimers: true });
    const reload = setup();
    const f = within('private-form');
    type(f.input('email'), ' mari@example.ee ');
    type(f.input('password'), 'Salasona1');
    type(f.input('passwordRepeat'), 'Salasona1');
    const submit = screen.getAllByRole('button', { name: 'Registreeru' })[0];
    expect(submit).toBeDisabled();
    tick(screen.getByTestId('private-form'), 'terms');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(registerMock).toHaveBeenCalledTimes(1));
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
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toContainEqual(expect.objectContaining({ event: 'user registered' }));
    expect(reload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1500));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['INVALID_PASSWORD', 'Parool peab olema vähemalt 8 tähemärki pikk ning sisaldama suurtähte, väiketähte ja numbrit.'],
    ['EMAIL_ALREADY_IN_USE', 'Email on juba kasutusel.'],
    ['INVALID_USERNAME', 'Kasutajanimi on liiga lühike.'],
    ['USER_EXIST', 'Email on juba võetud.'],
    ['SOMETHING_ELSE', 'Viga registreerumisel - võta ühendust info@rendime.ee'],
  ])('maps %s to the spec message', async (code, text) => {
    registerMock.mockRejectedValue(apiError(code));
    setup();
    const f = within('private-form');
    type(f.input('email'), 'mari@example.ee');
    type(f.input('password'), 'Salasona1');
    type(f.input('passwordRepeat'), 'Salasona1');
    tick(screen.getByTestId('private-form'), 'terms');
    await userEvent.click(screen.getAllByRole('button', { name: 'Registreeru' })[0]);
    expect(await within('private-form').form.querySelector('[data-testid="register-error"]')?.textContent).toBe(text);
  });

  it('sends a signed-in user to the profile', async () => {
    setup(jest.fn(), '/public/signup', makeUser());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile'));
  });
});

async function fillBusiness() {
  await userEvent.click(screen.getByRole('tab', { name: 'Äriklient' }));
  const f = within('business-form');
  type(f.input('name'), 'Rendiäri OÜ');
  type(f.input('registryCode'), '12345678');
  type(f.input('representativeName'), 'Mari Maasikas');
  type(f.input('idCode'), '40504040001');
  type(f.input('email'), 'firma@example.ee');
  type(f.input('password'), 'Salasona1');
  type(f.input('passwordRepeat'), 'Salasona1');
  return f;
}

describe('business registration', () => {
  it('validates the company fields and the personal code after touch', async () => {
    setup();
    await userEvent.click(screen.getByRole('tab', { name: 'Äriklient' }));
    const f = within('business-form');
    for (const name of ['name', 'registryCode', 'representativeName', 'idCode']) {
      fireEvent.blur(f.input(name));
      expect(f.error(name)).toBe('Kohustuslik');
    }
    type(f.input('idCode'), '30303039915');
    expect(f.error('idCode')).toBe('Vigane isikukood, tuvastamise jätkamiseks sisesta palun õige isikukood: 30303039915');
    expect(screen.getByText('Isikutuvastuseks sisesta esindaja isikukood.')).toBeInTheDocument();
  });

  it('enables register only after a successful verification and ticked terms, validates, then sends the token', async () => {
    validateMock.mockResolvedValue({ valid: true, message: 'OK' });
    registerMock.mockResolvedValue(makeUser({ type: 'B2B', isB2b: true }));
    setup();
    await fillBusiness();
    const submit = within('business-form').form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(await screen.findByTestId('widget-code')).toHaveTextContent('40504040001');
    tick(screen.getByTestId('business-form'), 'terms');
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'fake fail' }));
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'fake ok' }));
    expect(screen.getByTestId('identity-verified')).toHaveTextContent('Esindaja isik on tuvastatud.');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(registerMock).toHaveBeenCalled());
    expect(validateMock).toHaveBeenCalledWith({ name: 'Rendiäri OÜ', registryCode: '12345678', personName: 'Mari Maasikas', personalCode: '40504040001' });
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
    setup();
    const f = await fillBusiness();
    await userEvent.click(await screen.findByRole('button', { name: 'fake ok' }));
    tick(screen.getByTestId('business-form'), 'terms');
    const submit = f.form.querySelector('button[type="submit"]') as HTMLButtonElement;
    await userEvent.click(submit);
    expect(await screen.findByText('Viga registreerumisel - Registrikood on vigane')).toBeInTheDocument();
    expect(registerMock).not.toHaveBeenCalled();
    await userEvent.clear(f.input('idCode'));
    type(f.input('idCode'), '38507140211');
    expect(submit).toBeDisabled();
  });

  it('maps USER_EXIST to the business wording', async () => {
    validateMock.mockResolvedValue({ valid: true, message: 'OK' });
    registerMock.mockRejectedValue(apiError('USER_EXIST'));
    setup();
    const f = await fillBusiness();
    await userEvent.click(await screen.findByRole('button', { name: 'fake ok' }));
    tick(screen.getByTestId('business-form'), 'terms');
    await userEvent.click(f.form.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText('Kasutajanimi on juba võetud.')).toBeInTheDocument();
  });
});

describe('tabs', () => {
  it('switches with a horizontal swipe and ignores a vertical one', () => {
    setup();
    const area = screen.getByTestId('signup-swipe-area');
    const swipe = (x0: number, x1: number, y0 = 100, y1 = 100) => {
      fireEvent.touchStart(area, { touches: [{ clientX: x0, clientY: y0 }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: x1, clientY: y1 }] });
    };
    expect(screen.getByRole('tab', { name: 'Eraklient' })).toHaveAttribute('aria-selected', 'true');
    swipe(300, 100);
    expect(screen.getByRole('tab', { name: 'Äriklient' })).toHaveAttribute('aria-selected', 'true');
    swipe(100, 130, 100, 400);
    expect(screen.getByRole('tab', { name: 'Äriklient' })).toHaveAttribute('aria-selected', 'true');
    swipe(100, 300);
    expect(screen.getByRole('tab', { name: 'Eraklient' })).toHaveAttribute('aria-selected', 'true');
  });
});

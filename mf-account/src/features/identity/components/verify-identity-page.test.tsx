import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'shared-kernel/router';
import { on } from 'shared-kernel/events';
import type { IdentityPollResponse, IdentityStartResponse } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { updateFullyPrivileged } from '../api/update-fully-privileged';
import { addContactInfo } from '../api/add-contact-info';
import { pageActions } from '../model/page-actions';
import { VerifyIdentityPage } from './verify-identity-page';

// The page runs the calls through their mutation options; both see the same mocks.
jest.mock('../api/update-fully-privileged', () => {
  const updateFullyPrivileged = jest.fn();
  return {
    updateFullyPrivileged,
    updateFullyPrivilegedMutationOptions: () => ({
      mutationFn: ({ userId, ...body }: { userId: number }) => updateFullyPrivileged(userId, body),
    }),
  };
});
jest.mock('../api/add-contact-info', () => {
  const addContactInfo = jest.fn();
  return {
    addContactInfo,
    addContactInfoMutationOptions: () => ({ mutationFn: ({ userId, ...body }: { userId: number }) => addContactInfo(userId, body) }),
  };
});
jest.mock('shared-kernel/session', () => ({
  ...jest.requireActual('shared-kernel/session'),
  refreshSession: jest.fn(() => Promise.resolve()),
}));
// The reads go through the API client (their query options run as in the app): POST .../start as
// (method, body), GET .../poll as (method, token), POST /users/user-exist/:id as (id, body).
const startMock = jest.fn<Promise<IdentityStartResponse>, [string, unknown]>();
const pollMock = jest.fn<Promise<IdentityPollResponse>, [string, string]>();
const existsMock = jest.fn<Promise<boolean>, [number, unknown]>();
const upgradeMock = updateFullyPrivileged as jest.MockedFunction<typeof updateFullyPrivileged>;
const contactMock = addContactInfo as jest.MockedFunction<typeof addContactInfo>;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

const needsId = makeUser({ id: 7, name: 'Uus', lastName: 'Kasutaja', roles: ['ROLE_USER_B2C_NEED_ID'], contactInfos: [] });

jest.setTimeout(30000);
let user: ReturnType<typeof userEvent.setup>;

function setup(session = needsId) {
  user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderWithPlatform(
    <Routes>
      <Route path="/auth/verify-identity" element={<VerifyIdentityPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/auth/verify-identity', session },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });
const phone = () => screen.getByRole('textbox', { name: 'Telefoninumber' });
const verifyButton = () => screen.getByRole('button', { name: 'Tuvasta' });

async function fill(input: HTMLElement, value: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

async function fillForm(code = '40504040001') {
  await fill(field('Eesnimi'), 'Mari');
  await fill(field('Perekonnanimi'), 'Maasikas');
  await fill(field('Isikukood'), code);
  await user.click(document.body);
  await act(async () => undefined);
}

/** Verify opens the modal with the ID-provider choice. */
async function openCheck() {
  await user.click(verifyButton());
  await screen.findByRole('button', { name: 'Smart-ID' });
}

async function tick(ms = 2000) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Fills the form, opens the check and starts `provider`: its button waits for a phone number
 * (spec section 5), then the provider answers (10 ms of the fake clock).
 */
async function startCheck(provider: 'Smart-ID' | 'Mobiil-ID', personalCode: string, phoneNumber: string) {
  setup();
  await fillForm(personalCode);
  await openCheck();
  expect(screen.getByRole('button', { name: provider })).toBeDisabled();
  await fill(phone(), phoneNumber);
  await user.click(screen.getByRole('button', { name: provider }));
  await tick(10);
}

/** A Smart-ID check the person refuses in the app: the page now shows the failure. */
async function refusedSmartIdCheck() {
  await startCheck('Smart-ID', '30403039917', '+37255512345');
  pollMock.mockResolvedValueOnce({ status: 'canceled', message: 'Kasutaja keeldus tuvastamisest.' });
  await tick();
}

beforeEach(() => {
  // A modal of an earlier test may leave the body inert (pointer-events: none) under fake timers.
  document.body.removeAttribute('style');
  jest.useFakeTimers();
  mockApi({
    'POST /auth/:method/start': ({ params, body }) => startMock(String(params.method), body),
    'GET /auth/:method/poll': ({ params, query }) => pollMock(String(params.method), String(query?.token)),
    'POST /users/user-exist/:id': ({ params, body }) => existsMock(Number(params.id), body),
  });
  jest.spyOn(pageActions, 'reload').mockImplementation(() => undefined);
  // The provider answers after 10 ms of the fake clock, so the answer settles inside tick().
  startMock.mockImplementation(
    () => new Promise((resolve) => setTimeout(() => resolve({ status: 'waiting', message: '', controlCode: '4321', token: 'tok' }), 10)),
  );
  existsMock.mockResolvedValue(false);
  upgradeMock.mockResolvedValue({ ...needsId, name: 'Mari', lastName: 'Maasikas', roles: ['ROLE_USER'] });
  contactMock.mockResolvedValue({ id: 1, type: 'PHONE', value: '+37200000766', prime: false });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  jest.clearAllMocks();
});

describe('VerifyIdentityPage', () => {
  it('sends an already verified user to the profile with the notice', async () => {
    const notices: string[] = [];
    const off = on('notice', (p) => notices.push(p.message));
    setup(makeUser({ roles: ['ROLE_USER'] }));
    await act(async () => undefined);
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile');
    expect(notices).toContain('Kasutaja on juba identifitseeritud.');
    off();
  });

  it('keeps Verify disabled until all three are valid and shows the personal code message after touch', async () => {
    setup();
    expect(verifyButton()).toBeDisabled();
    await fillForm('30303039915');
    await waitFor(() =>
      expect(field('Isikukood')).toHaveAccessibleErrorMessage(
        'Vigane isikukood, tuvastamise jätkamiseks sisesta palun õige isikukood: 30303039915',
      ),
    );
    expect(verifyButton()).toBeDisabled();
    await fill(field('Isikukood'), '40504040001');
    await waitFor(() => expect(field('Isikukood')).not.toHaveAccessibleErrorMessage());
    expect(verifyButton()).toBeEnabled();
    await fill(field('Eesnimi'), ' ');
    expect(verifyButton()).toBeDisabled();
    await waitFor(() => expect(field('Eesnimi')).toHaveAccessibleErrorMessage('Kohustuslik'));
  });

  it('warns when another user has the code', async () => {
    existsMock.mockResolvedValue(true);
    setup();
    await fillForm();
    expect(existsMock).toHaveBeenCalledWith(7, { identityCode: '40504040001', name: 'Mari', lastName: 'Maasikas' });
    expect(await screen.findByTestId('identity-user-exists')).toHaveTextContent(
      'Sellise isikukoodiga kasutaja eksisteerib Rendime platvormil',
    );
  });

  it('verifies with Smart-ID, upgrades the account and goes to the profile after 2 s', async () => {
    await startCheck('Smart-ID', '40504040001', '5551 2345');
    expect(startMock).toHaveBeenCalledWith('smartid', { personalCode: '40504040001', phoneNumber: '+37255512345' });
    expect(screen.getByTestId('identity-control-code')).toHaveTextContent('4321');
    expect(screen.getByTestId('identity-countdown')).toHaveTextContent('Aega jäänud: 60 s');
    pollMock.mockResolvedValueOnce({ status: 'waiting', message: '' });
    await tick();
    expect(screen.getByTestId('identity-countdown')).toHaveTextContent('Aega jäänud: 58 s');
    pollMock.mockResolvedValueOnce({ status: 'ok', message: '' });
    await tick();
    expect(screen.getByTestId('identity-result')).toHaveTextContent('Isikutuvastus õnnestus');
    expect(upgradeMock).toHaveBeenCalledWith(7, { identityCode: '40504040001', name: 'Mari', lastName: 'Maasikas' });
    expect(contactMock).not.toHaveBeenCalled();
    await tick(1900);
    expect(screen.queryByTestId('where')).toBeNull();
    await tick(100);
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/user-profile');
  });

  it("needs a valid phone number for both providers and says 'Vale telefoni number' otherwise", async () => {
    setup();
    await fillForm();
    await openCheck();
    const smartId = screen.getByRole('button', { name: 'Smart-ID' });
    const mobileId = screen.getByRole('button', { name: 'Mobiil-ID' });
    expect(smartId).toBeDisabled();
    expect(mobileId).toBeDisabled();
    expect(phone()).toHaveAttribute('placeholder', '+3725xxxxxx');
    await fill(phone(), '12ab');
    await user.click(screen.getByRole('heading', { name: 'Vali tuvastamise viis' }));
    expect(await screen.findByTestId('error-phoneNumber')).toHaveTextContent('Vale telefoni number');
    expect(smartId).toBeDisabled();
    expect(mobileId).toBeDisabled();
    await fill(phone(), '+37255512345');
    expect(screen.queryByTestId('error-phoneNumber')).toBeNull();
    expect(smartId).toBeEnabled();
    expect(mobileId).toBeEnabled();
    expect(startMock).not.toHaveBeenCalled();
  });

  it('keeps the Mobile-ID phone as a contact after success', async () => {
    await startCheck('Mobiil-ID', '60001019906', '+37200000766');
    expect(startMock).toHaveBeenCalledWith('mobile', { personalCode: '60001019906', phoneNumber: '+37200000766' });
    pollMock.mockResolvedValueOnce({ status: 'ok', message: '' });
    await tick();
    expect(contactMock).toHaveBeenCalledWith(7, { type: 'PHONE', value: '+37200000766', prime: false });
  });

  it('shows the failure, the page text, reloads after 2.5 s; retry cancels the reload', async () => {
    await refusedSmartIdCheck();
    expect(screen.getByTestId('identity-result')).toHaveTextContent('Isikutuvastus ebaõnnestus: Kasutaja keeldus tuvastamisest.');
    expect(screen.getByTestId('verify-failure')).toHaveTextContent(
      'Meil ei õnnestu sind tuvastada. Proovige palun uuesti! Vea jätkumisel kirjutage meile info@rendime.ee',
    );
    expect(upgradeMock).not.toHaveBeenCalled();
    await tick(2400);
    expect(pageActions.reload).not.toHaveBeenCalled();
    await tick(100);
    expect(pageActions.reload).toHaveBeenCalledTimes(1);

    // A second failure, then retry before the reload: the check starts again and nothing reloads.
    await user.click(screen.getByRole('button', { name: 'Proovi uuesti' }));
    // The retry keeps the typed phone number.
    expect(phone()).toHaveValue('+37255512345');
    await user.click(screen.getByRole('button', { name: 'Smart-ID' }));
    await tick(10);
    pollMock.mockResolvedValueOnce({ status: 'error', message: '' });
    await tick();
    expect(screen.getByTestId('identity-result')).toHaveTextContent('Isikutuvastus ebaõnnestus: Isikutuvastus tühistatud');
    await user.click(screen.getByRole('button', { name: 'Proovi uuesti' }));
    await tick(3000);
    expect(pageActions.reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Smart-ID' })).toBeEnabled();
  });

  it('stops showing a failure once the personal code it was about is edited', async () => {
    await refusedSmartIdCheck();
    await user.click(screen.getByRole('button', { name: 'Sulge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('verify-failure')).toBeInTheDocument();
    await fill(field('Isikukood'), '40504040001');
    expect(screen.queryByTestId('verify-failure')).toBeNull();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import type { IdentityPollResponse, IdentityStartResponse } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { Widget } from './identity-check';

// POST /auth/:method/start as (method, body), GET /auth/:method/poll as (method, token).
const startMock = jest.fn<Promise<IdentityStartResponse>, [string, unknown]>();
const pollMock = jest.fn<Promise<IdentityPollResponse>, [string, string]>();

beforeEach(() => {
  jest.useFakeTimers();
  mockApi({
    'POST /auth/:method/start': ({ params, body }) => startMock(String(params.method), body),
    'GET /auth/:method/poll': ({ params, query }) => pollMock(String(params.method), String(query?.token)),
  });
  startMock.mockResolvedValue({ status: 'waiting', message: '', controlCode: '0042', token: 'rep-token' });
});
afterEach(() => jest.useRealTimers());

async function run(answer: { status: 'ok' | 'waiting' | 'error' | 'canceled'; message: string }, englishCancelText?: boolean) {
  const onResult = jest.fn();
  renderWithPlatform(<Widget personalCode=" 40504040001 " onResult={onResult} englishCancelText={englishCancelText} />);
  expect(screen.getByRole('button', { name: 'Smart-ID' })).toBeDisabled();
  fireEvent.change(document.querySelector('input[name="phoneNumber"]') as HTMLInputElement, { target: { value: '+37255512345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Smart-ID' }));
  await act(async () => undefined);
  expect(startMock).toHaveBeenCalledWith('smartid', { personalCode: '40504040001', phoneNumber: '+37255512345' });
  expect(screen.getByTestId('identity-control-code')).toHaveTextContent('0042');
  pollMock.mockResolvedValueOnce(answer);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(2000);
  });
  return onResult;
}

describe('identity-check widget', () => {
  it('reports ok with the token the business registration sends', async () => {
    expect(await run({ status: 'ok', message: '' })).toHaveBeenCalledWith({ ok: true, token: 'rep-token' });
  });

  it('reports a failure with the English default text on the registration screen', async () => {
    const onResult = await run({ status: 'canceled', message: '' }, true);
    expect(onResult).toHaveBeenCalledWith({ ok: false, message: 'Identity verification cancelled' });
    expect(screen.getByTestId('identity-result')).toHaveTextContent('Isikutuvastus ebaõnnestus: Identity verification cancelled');
  });

  it("says 'Vale telefoni number' for a number the providers cannot take, and sends a local number with +372", async () => {
    const onResult = jest.fn();
    renderWithPlatform(<Widget personalCode="40504040001" onResult={onResult} />);
    const phone = screen.getByRole('textbox', { name: /Telefoninumber/ });
    expect(screen.getByText('Tuvastamiseks sisesta oma telefoninumber.')).toBeInTheDocument();
    await act(async () => {
      fireEvent.change(phone, { target: { value: '12ab' } });
      fireEvent.blur(phone);
    });
    expect(screen.getByTestId('error-phoneNumber')).toHaveTextContent('Vale telefoni number');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Mobiil-ID' })).toBeDisabled();
    await act(async () => {
      fireEvent.change(phone, { target: { value: '5551 2345' } });
    });
    expect(screen.queryByTestId('error-phoneNumber')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mobiil-ID' }));
    await act(async () => undefined);
    expect(startMock).toHaveBeenCalledWith('mobile', { personalCode: '40504040001', phoneNumber: '+37255512345' });
    expect(screen.getByTestId('identity-control-code')).toHaveTextContent('0042');
  });
});

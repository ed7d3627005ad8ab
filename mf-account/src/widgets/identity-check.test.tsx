import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { pollIdentity } from '../features/identity/api/poll-identity';
import { startIdentity } from '../features/identity/api/start-identity';
import { Widget } from './identity-check';

jest.mock('../features/identity/api/start-identity');
jest.mock('../features/identity/api/poll-identity');
const startMock = startIdentity as jest.MockedFunction<typeof startIdentity>;
const pollMock = pollIdentity as jest.MockedFunction<typeof pollIdentity>;

beforeEach(() => {
  jest.useFakeTimers();
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
});

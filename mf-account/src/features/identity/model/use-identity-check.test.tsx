import { act } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import type { IdentityPollResponse, IdentityStartResponse } from 'shared-kernel/schemas';
import { mockApi, renderHookWithPlatform } from 'shared-kernel/testing';
import { useIdentityCheck } from './use-identity-check';

// POST /auth/:method/start as (method, body), GET /auth/:method/poll as (method, token).
const startMock = jest.fn<Promise<IdentityStartResponse>, [string, unknown]>();
const pollMock = jest.fn<Promise<IdentityPollResponse>, [string, string]>();

const DEFAULT = 'Isikutuvastus tühistatud';

beforeEach(() => {
  jest.useFakeTimers();
  mockApi({
    'POST /auth/:method/start': ({ params, body }) => startMock(String(params.method), body),
    'GET /auth/:method/poll': ({ params, query }) => pollMock(String(params.method), String(query?.token)),
  });
  startMock.mockReset();
  pollMock.mockReset();
  startMock.mockResolvedValue({ status: 'waiting', message: '', controlCode: '1234', token: 'tok' });
});
afterEach(() => jest.useRealTimers());

function setup() {
  const onSucceeded = jest.fn();
  const onFailed = jest.fn();
  const hook = renderHookWithPlatform(() => useIdentityCheck({ defaultFailureMessage: DEFAULT, onSucceeded, onFailed }));
  return { hook, onSucceeded, onFailed };
}

/** One poll period: the timer fires and the poll answer settles. */
async function tick() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(2000);
  });
}

describe('useIdentityCheck', () => {
  it('shows the control code with 60 s, polls every 2 s falling 2 per poll, and succeeds on ok', async () => {
    const { hook, onSucceeded } = setup();
    await act(() => hook.result.current.start('smartid', '40504040001'));
    expect(startMock).toHaveBeenCalledWith('smartid', { personalCode: '40504040001' });
    expect(hook.result.current.state).toEqual({ phase: 'polling', method: 'smartid', controlCode: '1234', token: 'tok', secondsLeft: 60 });

    pollMock.mockResolvedValue({ status: 'waiting', message: '' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1999);
    });
    expect(pollMock).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(pollMock).toHaveBeenCalledWith('smartid', 'tok');
    expect(hook.result.current.state).toMatchObject({ phase: 'polling', secondsLeft: 58 });
    await tick();
    expect(hook.result.current.state).toMatchObject({ phase: 'polling', secondsLeft: 56 });

    pollMock.mockResolvedValue({ status: 'ok', message: 'Isik tuvastatud.' });
    await tick();
    expect(hook.result.current.state).toEqual({ phase: 'succeeded', method: 'smartid', token: 'tok' });
    expect(onSucceeded).toHaveBeenCalledWith('tok', 'smartid');
    await tick();
    expect(pollMock).toHaveBeenCalledTimes(3);
  });

  it('fails when the countdown reaches 0 while still waiting, with the default text', async () => {
    const { hook, onFailed } = setup();
    pollMock.mockResolvedValue({ status: 'waiting', message: '' });
    await act(() => hook.result.current.start('mobile', '60001019906', '+37200000766'));
    expect(startMock).toHaveBeenCalledWith('mobile', { personalCode: '60001019906', phoneNumber: '+37200000766' });
    for (let i = 0; i < 29; i++) await tick();
    expect(hook.result.current.state).toMatchObject({ phase: 'polling', secondsLeft: 2 });
    await tick();
    expect(hook.result.current.state).toEqual({ phase: 'failed', message: DEFAULT });
    expect(onFailed).toHaveBeenCalledWith(DEFAULT);
    expect(pollMock).toHaveBeenCalledTimes(30);
  });

  it.each(['error', 'canceled'] as const)('fails on %s with the provider message, or the default without one', async (status) => {
    const { hook, onFailed } = setup();
    await act(() => hook.result.current.start('smartid', '30403039917'));
    pollMock.mockResolvedValueOnce({ status, message: 'Kasutaja keeldus tuvastamisest.' });
    await tick();
    expect(hook.result.current.state).toEqual({ phase: 'failed', message: 'Kasutaja keeldus tuvastamisest.' });
    expect(onFailed).toHaveBeenCalledWith('Kasutaja keeldus tuvastamisest.');

    await act(() => hook.result.current.start('smartid', '30403039917'));
    pollMock.mockResolvedValueOnce({ status, message: '' });
    await tick();
    expect(hook.result.current.state).toEqual({ phase: 'failed', message: DEFAULT });
  });

  it('fails on a network error while polling and when the start is refused', async () => {
    const { hook } = setup();
    await act(() => hook.result.current.start('smartid', '40504040001'));
    pollMock.mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }));
    await tick();
    expect(hook.result.current.state).toEqual({ phase: 'failed', message: DEFAULT });

    startMock.mockResolvedValueOnce({
      status: 'error',
      message: 'Sellele isikukoodile ei leitud Smart-ID kontot.',
      controlCode: null,
      token: null,
    });
    await act(() => hook.result.current.start('smartid', '38507140211'));
    expect(hook.result.current.state).toEqual({ phase: 'failed', message: 'Sellele isikukoodile ei leitud Smart-ID kontot.' });

    startMock.mockRejectedValueOnce(new ApiError({ status: 400, code: 'INVALID_PHONE', message: 'Vigane telefoninumber.' }));
    await act(() => hook.result.current.start('mobile', '60001019906', '1'));
    expect(hook.result.current.state).toEqual({ phase: 'failed', message: 'Vigane telefoninumber.' });
  });

  it('a retry after failure starts a fresh run, and unmount stops polling', async () => {
    const { hook, onSucceeded } = setup();
    await act(() => hook.result.current.start('smartid', '30403039917'));
    pollMock.mockResolvedValueOnce({ status: 'canceled', message: 'x' });
    await tick();
    expect(hook.result.current.state.phase).toBe('failed');
    act(() => hook.result.current.reset());
    expect(hook.result.current.state).toEqual({ phase: 'idle' });
    await act(() => hook.result.current.start('smartid', '40504040001'));
    pollMock.mockResolvedValueOnce({ status: 'ok', message: '' });
    await tick();
    expect(onSucceeded).toHaveBeenCalledTimes(1);

    await act(() => hook.result.current.start('smartid', '40504040001'));
    hook.unmount();
    pollMock.mockClear();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(pollMock).not.toHaveBeenCalled();
  });
});

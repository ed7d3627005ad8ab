import { useQueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ApiError } from '../api';
import { PlatformProvider } from '../ui';
import { createPlatformQueryClient, getPlatformQueryClient, setPlatformQueryClient } from './query-client';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__rendimeQueryClient;
});

function Probe({ seen }: { seen: (client: unknown) => void }) {
  seen(useQueryClient());
  return null;
}

describe('the platform query client', () => {
  it('is the one the shell registered, in every React root of the page', () => {
    const client = createPlatformQueryClient();
    setPlatformQueryClient(client);
    const seen = jest.fn();
    // Two roots, as two slices mount them.
    render(
      <PlatformProvider>
        <Probe seen={seen} />
      </PlatformProvider>,
    );
    render(
      <PlatformProvider>
        <Probe seen={seen} />
      </PlatformProvider>,
    );
    expect(seen.mock.calls.map(([c]) => c)).toEqual([client, client]);
  });

  it('without a shell, the first caller creates it and later callers share it', () => {
    const first = getPlatformQueryClient();
    expect(getPlatformQueryClient()).toBe(first);
  });

  it('asks once more after a network error or a 5xx, never after a 4xx or an abort', () => {
    const retry = createPlatformQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
    const error = (status: number, code: string) => new ApiError({ status, code, message: code });
    expect(retry(0, error(0, 'NETWORK_ERROR'))).toBe(true);
    expect(retry(0, error(503, 'HTTP_503'))).toBe(true);
    expect(retry(1, error(503, 'HTTP_503'))).toBe(false);
    expect(retry(0, error(404, 'NOT_FOUND'))).toBe(false);
    expect(retry(0, error(0, 'ABORTED'))).toBe(false);
    expect(retry(0, error(0, 'TIMEOUT'))).toBe(false);
  });
});

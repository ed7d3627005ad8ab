import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../api/api-error';
import { renderWithPlatform } from '../testing/render-with-platform';
import { messages } from '../messages';
import { QueryView, useNearView, useThrottled } from './index';

describe('useThrottled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls at once, then once more with the latest arguments after the interval', () => {
    const fn = jest.fn();
    const { result } = renderHook(() => useThrottled(fn, 300));
    act(() => {
      result.current('a');
      result.current('b');
      result.current('c');
    });
    expect(fn.mock.calls).toEqual([['a']]);
    act(() => jest.advanceTimersByTime(300));
    expect(fn.mock.calls).toEqual([['a'], ['c']]);
  });

  it('drops the pending call when the component goes away', () => {
    const fn = jest.fn();
    const { result, unmount } = renderHook(() => useThrottled(fn, 300));
    act(() => {
      result.current(1);
      result.current(2);
    });
    unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('useNearView', () => {
  const observers: { cb: IntersectionObserverCallback; margin?: string; disconnected: boolean }[] = [];
  beforeEach(() => {
    observers.length = 0;
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      entry: (typeof observers)[number];
      constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        this.entry = { cb, margin: init?.rootMargin, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    };
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  function Probe({ enabled, rootMargin }: { enabled?: boolean; rootMargin?: string }) {
    const ref = useRef<HTMLDivElement>(null);
    const near = useNearView(ref, { enabled, rootMargin });
    return <div ref={ref}>{near ? 'lähedal' : 'kaugel'}</div>;
  }

  it('turns true once the element intersects, and stops observing', () => {
    renderWithPlatform(<Probe rootMargin="0px" />);
    expect(screen.getByText('kaugel')).toBeInTheDocument();
    expect(observers[0].margin).toBe('0px');
    act(() => observers[0].cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('lähedal')).toBeInTheDocument();
    expect(observers[0].disconnected).toBe(true);
  });

  it('is true at once when not enabled, without observing', () => {
    renderWithPlatform(<Probe enabled={false} />);
    expect(screen.getByText('lähedal')).toBeInTheDocument();
    expect(observers).toHaveLength(0);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    renderWithPlatform(<Probe />);
    expect(screen.getByText('lähedal')).toBeInTheDocument();
  });
});

describe('QueryView', () => {
  function Loaded({ fetch, notFound }: { fetch: () => Promise<string>; notFound?: string }) {
    const query = useQuery({ queryKey: ['probe'], queryFn: fetch });
    return (
      <QueryView query={query} notFound={notFound}>
        {(data) => <p>andmed: {data}</p>}
      </QueryView>
    );
  }

  it('shows the data once loaded', async () => {
    renderWithPlatform(<Loaded fetch={() => Promise.resolve('tere')} />);
    expect(await screen.findByText('andmed: tere')).toBeInTheDocument();
  });

  it('offers a retry after a failure, and shows the data when the retry succeeds', async () => {
    const fetch = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 500, code: 'INTERNAL', message: 'x' }))
      .mockResolvedValue('teine kord');
    renderWithPlatform(<Loaded fetch={fetch} />);
    expect(await screen.findByText(messages.common.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: messages.common.retry }));
    expect(await screen.findByText('andmed: teine kord')).toBeInTheDocument();
  });

  it('says "not found" without a retry for a 404 when the caller names it', async () => {
    renderWithPlatform(
      <Loaded fetch={() => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' }))} notFound="Toodet ei leitud" />,
    );
    expect(await screen.findByText('Toodet ei leitud')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.common.retry })).not.toBeInTheDocument();
  });
});

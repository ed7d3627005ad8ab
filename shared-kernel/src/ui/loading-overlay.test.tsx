import { act, render, renderHook, screen } from '@testing-library/react';
import { Loader, LoadingOverlay, PlatformProvider, useDelayedLoading } from './index';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('useDelayedLoading (spec: loader delay 333 ms, overlay clears after 500 ms)', () => {
  it('shows nothing for a load shorter than 333 ms', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedLoading(loading), { initialProps: { loading: true } });
    advance(332);
    expect(result.current).toBe(false);
    rerender({ loading: false });
    advance(1000);
    expect(result.current).toBe(false);
  });

  it('appears at 333 ms and, once shown, stays 500 ms even when the load ends at once', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedLoading(loading), { initialProps: { loading: true } });
    advance(332);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
    advance(50);
    rerender({ loading: false });
    advance(449);
    expect(result.current).toBe(true);
    advance(1);
    expect(result.current).toBe(false);
  });

  it('clears as soon as a long load ends (the 500 ms already passed)', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedLoading(loading), { initialProps: { loading: true } });
    advance(2000);
    expect(result.current).toBe(true);
    rerender({ loading: false });
    advance(0);
    expect(result.current).toBe(false);
  });

  it('stays up when loading starts again within the 500 ms', () => {
    const { result, rerender } = renderHook(({ loading }) => useDelayedLoading(loading), { initialProps: { loading: true } });
    advance(333);
    rerender({ loading: false });
    advance(100);
    rerender({ loading: true });
    advance(1000);
    expect(result.current).toBe(true);
    rerender({ loading: false });
    advance(0);
    expect(result.current).toBe(false);
  });
});

describe('LoadingOverlay and Loader', () => {
  it('keep the content and lay the spinner over it only after the delay', () => {
    const { rerender } = render(
      <PlatformProvider>
        <LoadingOverlay loading>
          <p>Sisu</p>
        </LoadingOverlay>
      </PlatformProvider>,
    );
    expect(screen.getByText('Sisu')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    advance(333);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByLabelText('Laadin...')).toBeInTheDocument();
    rerender(
      <PlatformProvider>
        <LoadingOverlay loading={false}>
          <p>Sisu</p>
        </LoadingOverlay>
      </PlatformProvider>,
    );
    advance(499);
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(screen.getByText('Sisu')).toBeInTheDocument();
  });

  it('Loader writes its label when asked', () => {
    render(
      <PlatformProvider>
        <Loader label="Kaart laadib..." showLabel />
      </PlatformProvider>,
    );
    expect(screen.queryByText('Kaart laadib...')).toBeNull();
    advance(333);
    expect(screen.getByText('Kaart laadib...')).toBeInTheDocument();
  });
});

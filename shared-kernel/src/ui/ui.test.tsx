import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { emit, on } from '../events';
import { ErrorFallback, NoticeHost, notify, PlatformProvider, system, BREAKPOINTS } from './index';

describe('system', () => {
  it('has the brand palette around #39C689 and the spec breakpoints', () => {
    expect(String(system.token('colors.brand.500')).toLowerCase()).toBe('#39c689');
    expect(system.token('colors.brand.solid')).toBeDefined();
    expect(system._config.theme?.breakpoints).toMatchObject({ md: '768px', lg: '1024px', '2xl': '1800px' });
    expect(BREAKPOINTS).toMatchObject({ md: '768px', lg: '1024px', '2xl': '1800px' });
  });
});

describe('notify', () => {
  it('emits a notice event with a 3 s default', () => {
    const seen = jest.fn();
    const off = on('notice', seen);
    expect(notify({ type: 'success', message: 'Salvestamine õnnestus' })).toBe(true);
    expect(seen.mock.calls[0][0]).toEqual({ type: 'success', message: 'Salvestamine õnnestus', durationMs: 3000 });
    notify({ type: 'warning', message: 'x', durationMs: 500 });
    expect(seen.mock.calls[1][0].durationMs).toBe(500);
    off();
  });
});

describe('NoticeHost', () => {
  it('shows notices as text (never HTML) and hides them after their duration', async () => {
    render(
      <PlatformProvider>
        <NoticeHost />
      </PlatformProvider>,
    );
    act(() => {
      notify({ type: 'error', message: '<img src=x onerror=alert(1)>Halb', durationMs: 200 });
    });
    const shown = await screen.findByText('<img src=x onerror=alert(1)>Halb');
    expect(shown).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    await waitFor(() => expect(screen.queryByText('<img src=x onerror=alert(1)>Halb')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('shows notices emitted by another kernel copy (raw window event)', async () => {
    render(
      <PlatformProvider>
        <NoticeHost />
      </PlatformProvider>,
    );
    act(() => {
      window.dispatchEvent(
        new CustomEvent('rendime:notice', { detail: { version: 1, source: 'other', payload: { type: 'info', message: 'Teiselt' } } }),
      );
    });
    expect(await screen.findByText('Teiselt')).toBeInTheDocument();
    act(() => {
      emit('notice', { type: 'info', message: 'Ka see' });
    });
    expect(await screen.findByText('Ka see')).toBeInTheDocument();
  });
  it('keeps the notices that arrive while the toaster is still loading', async () => {
    render(
      <PlatformProvider>
        <NoticeHost />
      </PlatformProvider>,
    );
    act(() => {
      notify({ type: 'success', message: 'Esimene' });
      notify({ type: 'warning', message: 'Teine' });
    });
    expect(await screen.findByText('Esimene')).toBeInTheDocument();
    expect(await screen.findByText('Teine')).toBeInTheDocument();
    expect(document.querySelector('[data-notice-type="warning"]')).not.toBeNull();
  });
});

describe('ErrorFallback', () => {
  it('shows the Estonian text and retries', () => {
    const onRetry = jest.fn();
    render(
      <PlatformProvider>
        <ErrorFallback onRetry={onRetry} />
      </PlatformProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Oih! Miski läks valesti!');
    fireEvent.click(screen.getByRole('button', { name: 'Proovi uuesti' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry and takes custom texts', () => {
    render(
      <PlatformProvider>
        <ErrorFallback title="Sõnumid" message="Ei saa laadida" />
      </PlatformProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sõnumid' })).toBeInTheDocument();
    expect(screen.getByText('Ei saa laadida')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { emit, on } from '../events';
import { Box, ErrorFallback, NoticeHost, notify, PlatformProvider } from './index';

/**
 * What the page's CSS gives an element at a viewport width, as a browser would resolve it: the
 * rules matching the element in source order, media queries by their min-width (1rem = 16 px),
 * and a colour token's variable followed to its value.
 */
function styleAt(element: Element, widthPx: number): { display: string; background: string } {
  const found: Record<string, string> = {};
  const apply = (rules: CSSRuleList) => {
    for (const rule of [...rules]) {
      if (rule instanceof CSSMediaRule) {
        const minRem = /min-width:\s*([\d.]+)rem/.exec(rule.media.mediaText)?.[1];
        if (minRem !== undefined && widthPx >= Number(minRem) * 16) apply(rule.cssRules);
      } else if (rule instanceof CSSStyleRule && element.matches(rule.selectorText)) {
        for (const name of ['display', 'background'])
          if (rule.style.getPropertyValue(name)) found[name] = rule.style.getPropertyValue(name);
      }
    }
  };
  for (const sheet of [...document.styleSheets]) apply(sheet.cssRules);
  const css = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('\n');
  const resolve = (value = ''): string => {
    const name = /^var\((--[\w-]+)\)$/.exec(value.trim())?.[1];
    if (!name) return value;
    return resolve(new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1]);
  };
  return { display: found.display ?? '', background: resolve(found.background) };
}

describe('system', () => {
  // The spec's layout limits (mobile up to 767 px, tablet up to 1023 px) as a page meets them.
  it('switches a responsive layout at 768 and 1024 px and paints brand.500 in #39C689', () => {
    render(
      <PlatformProvider>
        <Box data-testid="band" display={{ base: 'none', md: 'block', lg: 'flex' }} bg="brand.500" />
      </PlatformProvider>,
    );
    const band = screen.getByTestId('band');
    expect(styleAt(band, 767).display).toBe('none');
    expect(styleAt(band, 768).display).toBe('block');
    expect(styleAt(band, 1023).display).toBe('block');
    expect(styleAt(band, 1024).display).toBe('flex');
    expect(styleAt(band, 1024).background.toLowerCase()).toBe('#39c689');
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

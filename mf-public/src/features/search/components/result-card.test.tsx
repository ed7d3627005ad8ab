import { screen } from '@testing-library/react';
import type { SearchResultItem } from 'shared-kernel/schemas';
import { makeSearchResult, renderWithPlatform } from 'shared-kernel/testing';
import { MarkerCard } from './marker-card';
import { ResultCard } from './result-card';

const item = (overrides: Partial<SearchResultItem> = {}) => makeSearchResult({ id: 3, title: 'Rataslaadur Volvo L30G', ...overrides });

describe('search cards', () => {
  it('a result card ends a cut title with … and carries the whole title', () => {
    renderWithPlatform(<ResultCard item={item()} />);
    const title = screen.getByTestId('result-title');
    expect(title).toHaveTextContent(/^Rataslaadur Volvo L3…$/);
    expect(title).toHaveAttribute('title', 'Rataslaadur Volvo L30G');
  });

  it('a result card shows the search price as whole euros', () => {
    renderWithPlatform(<ResultCard item={item({ displayPrice: 108 })} />);
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^108\s€ \/ päev$/);
  });

  it('a marker card cuts the title the same way and shows whole euros', () => {
    renderWithPlatform(
      <MarkerCard
        point={{ id: 3, title: 'Rataslaadur Volvo L30G', imageUrl: null, priceDaily: 108, lat: 58, lon: 25 }}
        onClose={() => undefined}
      />,
    );
    const link = screen.getByRole('link', { name: 'Rataslaadur Volvo L3…' });
    expect(link).toHaveAttribute('title', 'Rataslaadur Volvo L30G');
    expect(screen.getByText(/päev/)).toHaveTextContent(/^108\s€ \/ päev$/);
  });

  it('with a searched period shows its price for the period and links to the product with it', () => {
    const period = { from: '2026-12-11', to: '2026-12-13' };
    renderWithPlatform(<ResultCard item={item({ displayPrice: 108, periodPrice: 372.4 })} period={period} />);
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^372,40\s€ \/ 3 päeva$/);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/public/detail-view/3?from=2026-12-11&to=2026-12-13');
  });

  it('says one day, hours, and falls back to the daily price without a period price', () => {
    const { unmount } = renderWithPlatform(
      <ResultCard item={item({ periodPrice: 124 })} period={{ from: '2026-12-12', to: '2026-12-12' }} />,
    );
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^124,00\s€ \/ 1 päev$/);
    unmount();
    const hours = { from: '2026-12-12T10:00', to: '2026-12-12T14:00' };
    const second = renderWithPlatform(<ResultCard item={item({ periodPrice: 20 })} period={hours} />);
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^20,00\s€ \/ 4 tundi$/);
    second.unmount();
    renderWithPlatform(<ResultCard item={item({ displayPrice: 108, periodPrice: null })} period={{ from: '', to: '' }} />);
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^108\s€ \/ päev$/);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/public/detail-view/3');
  });

  it('an hour search labels a product without an hourly price by the day it is charged, one with it by the hours', () => {
    const hours = { from: '2026-12-04T10:00', to: '2026-12-04T14:30' };
    const { unmount } = renderWithPlatform(
      <ResultCard item={item({ periodPrice: 16, periodUnits: { unit: 'days', count: 1 }, paidLater: true })} period={hours} />,
    );
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^16,00\s€ \/ 1 päev \*$/);
    unmount();
    renderWithPlatform(<ResultCard item={item({ periodPrice: 25, periodUnits: { unit: 'hours', count: 5 } })} period={hours} />);
    expect(screen.getByTestId('result-price')).toHaveTextContent(/^25,00\s€ \/ 5 tundi$/);
  });

  it('a marker card shows the period price as the result card does, the day price without a period', () => {
    const point = {
      id: 3,
      title: 'Haagis',
      imageUrl: null,
      priceDaily: 34,
      periodPrice: 189,
      periodUnits: { unit: 'days' as const, count: 7 },
      lat: 58,
      lon: 25,
    };
    const { unmount } = renderWithPlatform(
      <MarkerCard point={point} onClose={() => undefined} period={{ from: '2026-12-04', to: '2026-12-10' }} />,
    );
    expect(screen.getByTestId('marker-card')).toHaveTextContent(/189,00\s€ \/ 7 päeva/);
    expect(screen.getByTestId('marker-card')).not.toHaveTextContent(/päev$/);
    unmount();
    renderWithPlatform(<MarkerCard point={{ ...point, periodPrice: null, periodUnits: null }} onClose={() => undefined} />);
    expect(screen.getByTestId('marker-card')).toHaveTextContent(/34\s€ \/ päev$/);
  });

  it('a marker card shows the result card star for a product paid on return, and says what it means', () => {
    const point = { id: 3, title: 'Haagis', imageUrl: null, priceDaily: 34, lat: 58, lon: 25 };
    const { unmount } = renderWithPlatform(<ResultCard item={item({ displayPrice: 34, paidLater: true })} />);
    const cardStar = screen.getByTestId('paid-later-star');
    const cardPrice = screen.getByTestId('result-price').textContent;
    unmount();
    const second = renderWithPlatform(<MarkerCard point={{ ...point, paidLater: true }} onClose={() => undefined} />);
    expect(screen.getByText(/päev/)).toHaveTextContent(/^34\s€ \/ päev \*$/);
    expect(screen.getByText(/päev/).textContent).toBe(cardPrice);
    expect(screen.getByTestId('paid-later-star')).toHaveAttribute('title', cardStar.getAttribute('title'));
    expect(screen.getByTestId('marker-card')).toHaveTextContent('Tasumine rendi lõpus (omanik esitab arve).');
    second.unmount();
    renderWithPlatform(<MarkerCard point={point} onClose={() => undefined} />);
    expect(screen.getByText(/päev/)).toHaveTextContent(/^34\s€ \/ päev$/);
    expect(screen.queryByText(/Tasumine rendi lõpus/)).toBeNull();
  });

  it('a marker card links to the product with the searched period', () => {
    renderWithPlatform(
      <MarkerCard
        point={{ id: 3, title: 'Haagis', imageUrl: null, priceDaily: 20, lat: 58, lon: 25 }}
        onClose={() => undefined}
        period={{ from: '2026-12-12T10:00', to: '2026-12-12T14:00' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Haagis' })).toHaveAttribute(
      'href',
      '/public/detail-view/3?from=2026-12-12T10%3A00&to=2026-12-12T14%3A00',
    );
  });
});

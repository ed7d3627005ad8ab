import { screen } from '@testing-library/react';
import type { SearchResultItem } from 'shared-kernel/schemas';
import { renderWithPlatform } from 'shared-kernel/testing';
import { MarkerCard } from './marker-card';
import { ResultCard } from './result-card';

function item(overrides: Partial<SearchResultItem> = {}): SearchResultItem {
  return {
    id: 3,
    name: 'Rataslaadur Volvo L30G',
    title: 'Rataslaadur Volvo L30G',
    description: '',
    imageUrl: null,
    location: null,
    lat: null,
    lon: null,
    locationDescription: null,
    categoryId: 55,
    userId: 2,
    allowVat: true,
    paidLater: false,
    priceDaily: 90,
    displayPrice: 108,
    periodPrice: null,
    rating: null,
    distanceInKm: null,
    createdTs: '2024-01-01T00:00:00Z',
    loadedCount: 1,
    loadedCountCapped: false,
    ...overrides,
  };
}

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
});

import { screen } from '@testing-library/react';
import { GO_KART_PRODUCT_ID } from 'shared-kernel/domain';
import type { Product } from 'shared-kernel/schemas';
import { renderWithPlatform } from 'shared-kernel/testing';
import { ProductCard } from './product-card';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 5,
    name: 'Rataslaadur Volvo L30G',
    description: '',
    images: [],
    paidLater: false,
    startTs: '08:00',
    endTs: '20:00',
    rentDays: [],
    vacationDays: [],
    priceDaily: 81,
    priceHour: null,
    threeDay: null,
    aweek: null,
    twoWeek: null,
    month: null,
    weekendDay: null,
    createdTs: '2024-01-01T00:00:00Z',
    deleted: false,
    inactiveReason: null,
    categoryId: 17,
    userId: 1,
    allowVat: true,
    cost: 0,
    rating: null,
    additionalServices: [],
    automaticallyApproved: false,
    automaticallyApprovedTxt: null,
    productCode: null,
    reservations: [],
    location: null,
    lat: null,
    lon: null,
    locationDescription: null,
    loadedCount: 1,
    ...overrides,
  };
}

describe('ProductCard', () => {
  it('ends a cut title with … and keeps the whole name in the title attribute', () => {
    renderWithPlatform(<ProductCard product={product()} />);
    const title = screen.getByTestId('tile-title');
    expect(title).toHaveTextContent(/^Rataslaadur Volvo…$/);
    expect(title).toHaveAttribute('title', 'Rataslaadur Volvo L30G');
  });

  it('leaves a short title whole', () => {
    renderWithPlatform(<ProductCard product={product({ name: 'Haagis' })} />);
    expect(screen.getByTestId('tile-title')).toHaveTextContent(/^Haagis$/);
  });

  it('shows the day price with two decimals and the VAT a booking made today charges', () => {
    // Today is pinned: the rate depends on the date (24 % from July 2025).
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-01-15T10:00:00Z'));
    renderWithPlatform(<ProductCard product={product({ priceDaily: 80 })} />);
    now.mockRestore();
    // 80 × 1.24 = 99.2: shown as 99,20 €, never as 99,2 € or 99 €.
    expect(screen.getByText(/€/)).toHaveTextContent(/^99,20\s€ \/ päev$/);
  });

  it("shows the go-kart track at the riders' 20 € a ride, as its page does, not its stored day price with VAT (issue 25)", () => {
    renderWithPlatform(<ProductCard product={product({ id: GO_KART_PRODUCT_ID, name: 'Rääsilla kardisõit', priceDaily: 20 })} />);
    expect(screen.getByTestId('tile-price')).toHaveTextContent(/^20,00\s€ \/ 20 min sõit ühele sõitjale$/);
  });
});

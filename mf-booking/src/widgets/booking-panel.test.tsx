import { screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { fixClock } from '../testing/clock';
import { testProductDetails } from '../testing/product-fixture';
import { Widget } from './booking-panel';

// Counts when the go-kart panel's module is loaded (its tests show it still comes on its own page).
const mockGokartLoaded = jest.fn();
jest.mock('../features/gokart/components/gokart-panel', () => {
  mockGokartLoaded();
  return jest.requireActual('../features/gokart/components/gokart-panel');
});

beforeEach(() => fixClock('2026-12-01T10:00:00Z'));
afterEach(() => jest.useRealTimers());

describe('booking panel widget', () => {
  it("shows an ordinary product's calendar without loading the go-kart track's panel", () => {
    const product = testProductDetails();
    renderWithPlatform(<Widget productId={product.id} product={product} />, { route: `/public/detail-view/${product.id}` });
    expect(screen.getByRole('button', { name: 'Rentima' })).toBeInTheDocument();
    expect(mockGokartLoaded).not.toHaveBeenCalled();
  });
});

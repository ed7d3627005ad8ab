import { screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { fixClock } from '../testing/clock';
import { testProductDetails } from '../testing/product-fixture';
import { Widget } from './booking-panel';

// Count when the go-kart panel's, pay-and-rent panel's and the date pick schema's modules are
// loaded: each comes with its own product or the form's first check, not with every product page.
const mockGokartLoaded = jest.fn();
jest.mock('../features/gokart/components/gokart-panel', () => {
  mockGokartLoaded();
  return jest.requireActual('../features/gokart/components/gokart-panel');
});
const mockInstantLoaded = jest.fn();
jest.mock('../features/instant-book/components/instant-book-panel', () => {
  mockInstantLoaded();
  return jest.requireActual('../features/instant-book/components/instant-book-panel');
});
const mockPickSchemaLoaded = jest.fn();
jest.mock('../components/booking-pick/pick-schema', () => {
  mockPickSchemaLoaded();
  return jest.requireActual('../components/booking-pick/pick-schema');
});

beforeEach(() => fixClock('2026-12-01T10:00:00Z'));
afterEach(() => jest.useRealTimers());

describe('booking panel widget', () => {
  it("shows an ordinary product's calendar without loading the go-kart track's or pay-and-rent's panel, or zod's schema", () => {
    const product = testProductDetails();
    renderWithPlatform(<Widget productId={product.id} product={product} />, { route: `/public/detail-view/${product.id}` });
    expect(screen.getByRole('button', { name: 'Rentima' })).toBeInTheDocument();
    expect(mockGokartLoaded).not.toHaveBeenCalled();
    expect(mockInstantLoaded).not.toHaveBeenCalled();
    expect(mockPickSchemaLoaded).not.toHaveBeenCalled();
  });

  it("holds a pay-and-rent product's place with the loading box until its panel has come", async () => {
    const product = testProductDetails({ automaticallyApproved: true });
    renderWithPlatform(<Widget productId={product.id} product={product} />, { route: `/public/detail-view/${product.id}` });
    expect(screen.getByTestId('booking-panel-loading')).toHaveAttribute('aria-busy', 'true');
    // Its first load compiles the panel's whole module tree: on a busy CI runner that took over 1 s.
    expect(await screen.findByTestId('instant-book', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('booking-panel-loading')).not.toBeInTheDocument();
    expect(mockInstantLoaded).toHaveBeenCalled();
  });
});

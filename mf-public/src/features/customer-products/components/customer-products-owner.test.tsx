import { screen } from '@testing-library/react';
import { Route, Routes } from 'shared-kernel/router';
import type { CustomerProduct } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { CustomerProductsPage } from './customer-products-page';

function product(id: number): CustomerProduct {
  return {
    id,
    name: `Haagis ${id}`,
    description: '',
    images: [],
    paidLater: false,
    startTs: '08:00',
    endTs: '20:00',
    rentDays: [],
    vacationDays: [],
    priceDaily: 20,
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
    userId: 3,
    allowVat: false,
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
    loadedCount: 2,
    ownerName: 'Mari M.',
  };
}

const open = () =>
  renderWithPlatform(
    <Routes>
      <Route path="/public/customer-products/:id" element={<CustomerProductsPage />} />
    </Routes>,
    { route: '/public/customer-products/3' },
  );

const answer = (list: CustomerProduct[]) => mockApi({ 'GET /products/customer-products/:id': () => list });

describe('customer products page', () => {
  it('names the owner in the heading and the browser tab', async () => {
    const api = answer([product(1), product(2)]);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mari M. tooted' })).toBeInTheDocument();
    expect(screen.getAllByTestId('slider-card')).toHaveLength(2);
    expect(document.title).toBe('Mari M. tooted | Rendime');
    expect(api.requests('GET /products/customer-products/:id').map((r) => [r.params.id, r.query?.page, r.query?.perPage])).toEqual([
      ['3', 0, 100],
    ]);
  });

  it('keeps the plain heading when the owner has nothing listed', async () => {
    answer([]);
    open();
    expect(await screen.findByText('Kasutajal pole tooteid, mida kuvada.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kasutaja tooted');
  });
});

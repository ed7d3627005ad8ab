import { screen } from '@testing-library/react';
import { Route, Routes } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/api';
import type { Product } from 'shared-kernel/schemas';
import { mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { CustomerProductsPage } from './customer-products-page';

// A hundred full cards would only slow the test down; the page's own work is what is tested.
jest.mock('../../../components/product-card', () => ({
  ProductCard: ({ product }: { product: { name: string } }) => <p>{product.name}</p>,
}));

function product(id: number): Product {
  return {
    id,
    name: `Toode ${id}`,
    description: '',
    images: [],
    paidLater: false,
    startTs: '08:00',
    endTs: '20:00',
    rentDays: [],
    vacationDays: [],
    priceDaily: 25,
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
    userId: 5,
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
    loadedCount: 1,
  };
}

const open = (route: string) =>
  renderWithPlatform(
    <Routes>
      <Route path="/public/customer-products/:id" element={<CustomerProductsPage />} />
    </Routes>,
    { route },
  );

describe('CustomerProductsPage', () => {
  it('asks for pages of 100 until one comes back short, and shows them all', async () => {
    const api = mockApi({
      'GET /products/customer-products/:id': ({ query }) =>
        Array.from({ length: query?.page === 0 ? 100 : 3 }, (_, i) => product(Number(query?.page) * 100 + i + 1)),
    });
    open('/public/customer-products/5');
    expect(await screen.findByText('Toode 103')).toBeInTheDocument();
    expect(screen.getByText('Toode 1')).toBeInTheDocument();
    expect(api.requests('GET /products/customer-products/:id').map((r) => [r.params.id, r.query?.page, r.query?.perPage])).toEqual([
      ['5', 0, 100],
      ['5', 1, 100],
    ]);
  });

  it('says the user was not found for an unknown or impossible id, without asking for the impossible one', async () => {
    const api = mockApi({
      'GET /products/customer-products/:id': () => {
        throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' });
      },
    });
    const first = open('/public/customer-products/99');
    const unknown = (await screen.findByRole('alert')).textContent;
    first.unmount();
    open('/public/customer-products/abc');
    expect(screen.getByRole('alert')).toHaveTextContent(unknown ?? '');
    expect(api.requests('GET /products/customer-products/:id')).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'shared-kernel/router';
import type { SavedProduct } from 'shared-kernel/schemas';
import { makeUser, mockApi, renderWithPlatform } from 'shared-kernel/testing';
import { SavedProductsPage } from './saved-products-page';

function saved(id: number, overrides: Partial<SavedProduct> = {}): SavedProduct {
  return {
    id,
    title: `Kastihaagis ${id}`,
    imageUrl: `/api/files/haagis-${id}.jpg`,
    displayPrice: 30,
    savedPrice: 30,
    priceDropped: false,
    available: true,
    savedTs: '2025-06-02T09:00:00Z',
    ...overrides,
  };
}

function render() {
  return renderWithPlatform(
    <Routes>
      <Route path="/auth/saved-products" element={<SavedProductsPage />} />
      <Route path="/public/detail-view/:id" element={<p>toote leht</p>} />
    </Routes>,
    { session: makeUser({ id: 8 }), route: '/auth/saved-products' },
  );
}

const card = (title: string) => screen.getByText(title).closest('article') as HTMLElement;

describe('SavedProductsPage', () => {
  it('lists saved products with their day price and links to their pages; a drop shows old → new', async () => {
    mockApi({
      'GET /users/me/saved-products': () => [
        saved(5, { displayPrice: 30, savedPrice: 40, priceDropped: true }),
        saved(6, { displayPrice: 55, savedPrice: 55 }),
      ],
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Salvestatud tooted' })).toBeInTheDocument();
    await screen.findByText('Kastihaagis 5');
    expect(within(card('Kastihaagis 5')).getByTestId('saved-product-price')).toHaveTextContent(/^30\s€ \/ päev$/);
    expect(within(card('Kastihaagis 5')).getByTestId('saved-product-drop')).toHaveTextContent(/^Hind langes: 40\s€ → 30\s€$/);
    expect(within(card('Kastihaagis 6')).queryByTestId('saved-product-drop')).toBeNull();
    expect(screen.getByRole('img', { name: 'Toote Kastihaagis 5 pilt' })).toHaveAttribute('src', '/api/files/haagis-5.jpg');

    await userEvent.click(screen.getByRole('link', { name: 'Kastihaagis 6' }));
    expect(await screen.findByText('toote leht')).toBeInTheDocument();
  });

  it('shows a product its owner removed from rent as unavailable, without a link or price', async () => {
    mockApi({ 'GET /users/me/saved-products': () => [saved(7, { available: false, displayPrice: null })] });
    render();
    await screen.findByText('Kastihaagis 7');
    expect(within(card('Kastihaagis 7')).getByTestId('saved-product-unavailable')).toHaveTextContent('Toode pole enam rendiks saadaval.');
    expect(screen.queryByRole('link', { name: 'Kastihaagis 7' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Eemalda Kastihaagis 7 salvestatutest' })).toBeEnabled();
  });

  it('removes a product and lists what the server holds after', async () => {
    let list = [saved(5), saved(6)];
    const api = mockApi({
      'GET /users/me/saved-products': () => list,
      'DELETE /users/me/saved-products/:productId': ({ params }) => {
        list = list.filter((p) => p.id !== Number(params.productId));
        return { ok: true };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Eemalda Kastihaagis 5 salvestatutest' }));
    await waitFor(() => expect(screen.queryByText('Kastihaagis 5')).toBeNull());
    expect(screen.getByText('Kastihaagis 6')).toBeInTheDocument();
    expect(api.requests('DELETE /users/me/saved-products/:productId').map((r) => r.params.productId)).toEqual(['5']);
    // The keyboard stays in the list: on the next card's button, and on the heading once the list is empty.
    expect(screen.getByRole('button', { name: 'Eemalda Kastihaagis 6 salvestatutest' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Kastihaagis 6')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('says so when nothing is saved, and leads to the search', async () => {
    mockApi({ 'GET /users/me/saved-products': () => [] });
    render();
    expect(await screen.findByText(/^Sul pole salvestatud tooteid\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leia tooteid' })).toHaveAttribute('href', '/public/search-products');
  });
});

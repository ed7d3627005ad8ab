import { screen } from '@testing-library/react';
import { renderWithPlatform, makeUser } from 'shared-kernel/testing';
import { MyProductsPage } from './my-products-page';

describe('MyProductsPage', () => {
  it('shows its heading and the signed-in user', () => {
    renderWithPlatform(<MyProductsPage />, { session: makeUser({ name: 'Kati', lastName: 'Karu' }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Minu tooted');
    expect(screen.getByTestId('page-subtitle')).toHaveTextContent('Kati Karu');
  });
});

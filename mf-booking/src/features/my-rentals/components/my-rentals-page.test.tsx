import { screen } from '@testing-library/react';
import { renderWithPlatform, makeUser } from 'shared-kernel/testing';
import { MyRentalsPage } from './my-rentals-page';

describe('MyRentalsPage', () => {
  it('shows its heading and the signed-in user', () => {
    renderWithPlatform(<MyRentalsPage />, { session: makeUser({ name: 'Kati', lastName: 'Karu' }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Renditud tooted');
    expect(screen.getByTestId('page-subtitle')).toHaveTextContent('Kati Karu');
  });
});

import { screen } from '@testing-library/react';
import { renderWithPlatform, makeUser } from 'shared-kernel/testing';
import { ContractsPage } from './contracts-page';

describe('ContractsPage', () => {
  it('shows its heading and the signed-in user', () => {
    renderWithPlatform(<ContractsPage />, { session: makeUser({ name: 'Kati', lastName: 'Karu' }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Rendilepingud');
    expect(screen.getByTestId('page-subtitle')).toHaveTextContent('Kati Karu');
  });
});

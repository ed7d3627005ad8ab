import { screen } from '@testing-library/react';
import { renderWithPlatform, makeUser } from 'shared-kernel/testing';
import { MessagesPage } from './messages-page';

describe('MessagesPage', () => {
  it('shows its heading and the signed-in user', () => {
    renderWithPlatform(<MessagesPage />, { session: makeUser({ name: 'Kati', lastName: 'Karu' }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sõnumid');
    expect(screen.getByTestId('page-subtitle')).toHaveTextContent('Kati Karu');
  });
});

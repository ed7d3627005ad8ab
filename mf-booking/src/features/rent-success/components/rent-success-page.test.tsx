import { screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { RentSuccessPage } from './rent-success-page';

describe('RentSuccessPage', () => {
  it('thanks the person by name and links to the rental and the front page', () => {
    renderWithPlatform(<RentSuccessPage />, { route: '/public/rent-success?name=Mari%20Maasikas&hash=abcDEF12_-' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Broneering õnnestus');
    expect(screen.getByText('Aitäh, Mari Maasikas! Sinu broneering on tehtud.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vaata broneeringut' })).toHaveAttribute('href', '/auth/rent-completed?rental=abcDEF12_-');
    expect(screen.getByRole('link', { name: 'Avalehele' })).toHaveAttribute('href', '/public');
    expect(document.title).toBe('Broneering õnnestus | Rendime');
  });

  it('shows a name as text and leaves out the rental link without a valid hash', () => {
    renderWithPlatform(<RentSuccessPage />, { route: '/public/rent-success?name=%3Cb%3EX%3C%2Fb%3E&hash=%2F..%2F' });
    expect(screen.getByText('Aitäh, <b>X</b>! Sinu broneering on tehtud.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vaata broneeringut' })).toBeNull();
  });
});

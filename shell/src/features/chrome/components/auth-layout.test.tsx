import { fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from 'shared-kernel/testing';
import { AuthTopBar } from './auth-layout';

describe('AuthTopBar', () => {
  it('names every control for screen readers and keeps the visible labels for wider screens', () => {
    renderWithPlatform(<AuthTopBar initials="MA" onLogout={() => {}} onToggleDrawer={() => {}} />);
    expect(screen.getByRole('link', { name: 'Avaleht' })).toHaveAttribute('href', '/public');
    expect(screen.getByRole('link', { name: 'Otsi tooteid' })).toHaveAttribute('href', '/public/search-products');
    expect(screen.getByRole('link', { name: 'Abi' })).toHaveAttribute('href', '/public/kkk');
    expect(screen.getByTestId('avatar')).toHaveAttribute('href', '/auth/user-profile');
    expect(screen.getByTestId('avatar')).toHaveTextContent('MA');
    // The text stays in the DOM (hidden below 768 px by CSS), next to the icon.
    expect(screen.getByTestId('logout')).toHaveTextContent('Logi välja');
    expect(screen.getByTestId('logout').querySelector('svg')).not.toBeNull();
  });

  it('logs out and toggles the drawer', () => {
    const onLogout = jest.fn();
    const onToggleDrawer = jest.fn();
    renderWithPlatform(<AuthTopBar initials="MA" onLogout={onLogout} onToggleDrawer={onToggleDrawer} />);
    fireEvent.click(screen.getByTestId('logout'));
    fireEvent.click(screen.getByRole('button', { name: 'Ava menüü' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onToggleDrawer).toHaveBeenCalledTimes(1);
  });
});

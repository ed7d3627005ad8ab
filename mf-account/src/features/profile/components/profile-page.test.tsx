import { act, screen } from '@testing-library/react';
import { renderWithPlatform, makeUser } from 'shared-kernel/testing';
import { ProfilePage } from './profile-page';

describe('ProfilePage', () => {
  it("shows the signed-in user's name, e-mail and phone from the session", () => {
    renderWithPlatform(<ProfilePage />, {
      session: makeUser({
        name: 'Jaan',
        lastName: 'Tamm',
        username: 'jaan@rendime.ee',
        contactInfos: [
          { id: 1, type: 'EMAIL', value: 'jaan.tamm@rendime.ee', prime: true },
          { id: 2, type: 'PHONE', value: '+37255500000', prime: true },
        ],
      }),
    });
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Jaan Tamm');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('jaan.tamm@rendime.ee');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('+37255500000');
  });

  it('falls back to the username and says when the phone is missing', () => {
    renderWithPlatform(<ProfilePage />, { session: makeUser({ username: 'x@rendime.ee', contactInfos: [] }) });
    expect(screen.getByTestId('profile-email')).toHaveTextContent('x@rendime.ee');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('Lisamata');
  });

  it('while the session loads, shows the kernel loader only after 333 ms', () => {
    jest.useFakeTimers();
    try {
      renderWithPlatform(<ProfilePage />, { session: 'loading' });
      act(() => jest.advanceTimersByTime(332));
      expect(screen.queryByRole('status')).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('status')).toBeInTheDocument();
      expect(screen.getByLabelText('Laadin...')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

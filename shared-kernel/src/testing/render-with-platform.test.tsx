import { Button } from '../ui';
import { screen } from '@testing-library/react';
import { useLocation } from 'shared-kernel/router';
import { getSession, useDerivedSession, useSession } from '../session';
import { makeUser, renderWithPlatform } from './index';

function Probe() {
  const status = useSession((s) => s.status);
  const { initials } = useDerivedSession();
  const location = useLocation();
  return (
    <Button colorPalette="brand">
      {status}|{initials}|{location.pathname}
      {location.search}
    </Button>
  );
}

describe('makeUser', () => {
  it('builds a complete user with overrides', () => {
    const user = makeUser({ username: 'jaan@example.ee', roles: ['ROLE_USER_B2C_NEED_ID'] });
    expect(user).toMatchObject({ username: 'jaan@example.ee', type: 'B2C', roles: ['ROLE_USER_B2C_NEED_ID'] });
    expect(user.contactInfos.map((c) => c.type)).toEqual(['EMAIL', 'PHONE']);
    expect(makeUser().id).not.toBe(makeUser().id);
  });
});

describe('renderWithPlatform', () => {
  it('presets a signed-in session and the route', () => {
    renderWithPlatform(<Probe />, { session: makeUser({ username: 'jaan@example.ee' }), route: '/auth/contracts?tabId=out' });
    expect(screen.getByRole('button')).toHaveTextContent('signedIn|JA|/auth/contracts?tabId=out');
  });

  it('defaults to signed out at /', () => {
    renderWithPlatform(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('none||/');
    expect(getSession()).toEqual({ status: 'none', user: null });
  });

  it('can hold the session in loading', () => {
    renderWithPlatform(<Probe />, { session: 'loading' });
    expect(screen.getByRole('button')).toHaveTextContent('loading||/');
  });
});

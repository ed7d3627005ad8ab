import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from 'shared-kernel/testing';
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_KEY, CookieDialog } from './cookie-dialog';

const clearCookie = () => {
  document.cookie = `${COOKIE_CONSENT_COOKIE}=; Path=/; Max-Age=0`;
};

describe('cookie notice', () => {
  beforeEach(() => {
    window.localStorage.clear();
    clearCookie();
  });
  afterAll(clearCookie);

  it('remembers the answer in storage and in a cookie the server reads, and closes', async () => {
    renderWithPlatform(<CookieDialog pathname="/public" />);
    const dialog = screen.getByRole('dialog', { name: 'Küpsised' });
    expect(dialog).toHaveAttribute('data-cookie-notice');
    expect(document.cookie).not.toContain(`${COOKIE_CONSENT_COOKIE}=1`);
    await userEvent.click(screen.getByRole('button', { name: 'Nõustun' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('true');
    expect(document.cookie).toContain(`${COOKIE_CONSENT_COOKIE}=1`);
  });

  it('gives a visitor who answered before the cookie existed the cookie, without asking again', () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    renderWithPlatform(<CookieDialog pathname="/public" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).toContain(`${COOKIE_CONSENT_COOKIE}=1`);
  });

  it('takes the cookie alone as the answer (storage blocked or cleared)', () => {
    document.cookie = `${COOKIE_CONSENT_COOKIE}=1; Path=/`;
    renderWithPlatform(<CookieDialog pathname="/public" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

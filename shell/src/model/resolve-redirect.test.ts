import { resolveRedirect, chromeFor } from './resolve-redirect';

const routes = ['/public', '/public/login', '/public/detail-view/:id', '/otsing/*', '/auth/user-profile', '/auth/messages'];
const at = (pathname: string, search = '') => ({ pathname, search });

describe('resolveRedirect', () => {
  it('sends unknown public paths and the bare root to the front page', () => {
    expect(resolveRedirect(at('/public/xyz'), 'none', routes)).toBe('/public');
    expect(resolveRedirect(at('/'), 'none', routes)).toBe('/public');
    expect(resolveRedirect(at('/nonsense/deep'), 'signedIn', routes)).toBe('/public');
  });

  it('keeps known public paths', () => {
    expect(resolveRedirect(at('/public'), 'none', routes)).toBeNull();
    expect(resolveRedirect(at('/public/detail-view/5'), 'none', routes)).toBeNull();
    expect(resolveRedirect(at('/otsing/haagised/rent'), 'none', routes)).toBeNull();
  });

  it('sends /auth without a session to sign-in with goto, keeping the query', () => {
    expect(resolveRedirect(at('/auth/contracts'), 'none', routes)).toBe('/public/login?goto=%2Fauth%2Fcontracts');
    expect(resolveRedirect(at('/auth/messages', '?x=1'), 'none', routes)).toBe('/public/login?goto=%2Fauth%2Fmessages%3Fx%3D1');
  });

  it('waits while the session loads', () => {
    expect(resolveRedirect(at('/auth/contracts'), 'loading', routes)).toBeNull();
  });

  it('sends unknown /auth paths to the profile when signed in', () => {
    expect(resolveRedirect(at('/auth/nothing-here'), 'signedIn', routes)).toBe('/auth/user-profile');
    expect(resolveRedirect(at('/auth/messages'), 'signedIn', routes)).toBeNull();
  });

  it('picks the chrome by area', () => {
    expect(chromeFor('/auth/messages')).toBe('auth');
    expect(chromeFor('/public')).toBe('public');
    expect(chromeFor('/authx')).toBe('public');
  });
});

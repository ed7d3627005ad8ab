import { matchRoute, matchesAny, safeGoto, loginUrlFor } from './routes';

describe('route matching', () => {
  it('matches exact paths and ignores trailing slashes', () => {
    expect(matchRoute('/auth/user-profile', '/auth/user-profile')).toBe(true);
    expect(matchRoute('/auth/user-profile', '/auth/user-profile/')).toBe(true);
    expect(matchRoute('/auth/user-profile', '/auth/user-profile-x')).toBe(false);
    expect(matchRoute('/public', '/public/login')).toBe(false);
  });

  it('matches params and wildcards', () => {
    expect(matchRoute('/public/detail-view/:id', '/public/detail-view/12')).toBe(true);
    expect(matchRoute('/public/detail-view/:id', '/public/detail-view')).toBe(false);
    expect(matchRoute('/otsing/*', '/otsing/haagised/rent')).toBe(true);
    expect(matchesAny(['/a', '/b/:x'], '/b/1')).toBe(true);
    expect(matchesAny(['/a', '/b/:x'], '/c/1')).toBe(false);
  });

  it('compares decoded paths, keeps letter case, and survives broken percent-encoding', () => {
    expect(matchRoute('/public/login', '/public/%6Cogin')).toBe(true);
    expect(matchRoute('/public/login', '/Public/Login')).toBe(false);
    expect(matchRoute('/public/detail-view/:id', '/public/detail-view/a%2Fb')).toBe(true);
    expect(matchRoute('/public/detail-view/:id', '/public/detail-view/%E0%A4%A')).toBe(true);
    expect(matchRoute('/public/login', '/public/%E0%A4%A')).toBe(false);
  });

  it('builds login URLs and refuses open redirects', () => {
    expect(loginUrlFor('/auth/contracts')).toBe('/public/login?goto=%2Fauth%2Fcontracts');
    expect(safeGoto('/auth/messages')).toBe('/auth/messages');
    expect(safeGoto('//evil.example')).toBe('/auth/user-profile');
    expect(safeGoto('https://evil.example')).toBe('/auth/user-profile');
    expect(safeGoto(null)).toBe('/auth/user-profile');
  });
});

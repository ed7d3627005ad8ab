import { shortcutTarget } from './shortcuts';

describe('category shortcuts', () => {
  it.each([
    ['/otsing/rasketehnika/rent', '/public/search-products?cat=55'],
    ['/otsing/haagised/rent', '/public/search-products?search=haagis'],
    ['/otsing/soidukid/rent', '/public/search-products?search=auto'],
    ['/otsing/saunade/rent', '/public/search-products?search=saun'],
    ['/otsing/tooriistad/rent', '/public/search-products?cat=4'],
    ['/otsing/tekstiilipesur/rent', '/public/search-products?cat=3'],
    ['/otsing/haagised/rent/', '/public/search-products?search=haagis'],
    ['/otsing/muu/rent', '/public/search-products'],
  ])('%s opens %s', (from, to) => expect(shortcutTarget(from)).toBe(to));
});

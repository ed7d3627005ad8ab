import { searchPageName } from './search-title';

const CATEGORIES = [
  { id: 1, name: 'Haagised', parentCategoryId: null },
  { id: 11, name: 'Kastihaagised', parentCategoryId: 1 },
];

describe("the search page's name (the tab, and the server's <title>)", () => {
  it('follows the search text first, then the subcategory, then the category, else the page', () => {
    expect(searchPageName({ search: 'haagis', cat: 1, sub: 11 }, CATEGORIES)).toBe('Otsing „haagis“');
    expect(searchPageName({ search: '', cat: 1, sub: 11 }, CATEGORIES)).toBe('Rendi: Kastihaagised');
    expect(searchPageName({ search: '', cat: 1, sub: null }, CATEGORIES)).toBe('Rendi: Haagised');
    expect(searchPageName({ search: '', cat: 99, sub: null }, CATEGORIES)).toBe('Toote otsing');
    expect(searchPageName({ search: '', cat: 1, sub: null }, [])).toBe('Toote otsing');
  });
});

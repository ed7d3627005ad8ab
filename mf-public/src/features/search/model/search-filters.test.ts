import type { Category } from 'shared-kernel/schemas';
import { apiQuery, EMPTY_FILTERS, filtersFromParams, hasSearchCriteria, pageCount, paramsFromFilters } from './search-filters';

const categories: Category[] = [
  { id: 4, name: 'Tööriistad', parentCategoryId: null },
  { id: 26, name: 'Elektritööriistad', parentCategoryId: 4 },
];

describe('search filters in the URL', () => {
  it('reads search and cat as the spec names them', () => {
    const f = filtersFromParams(new URLSearchParams('search=haagis&cat=4'), categories);
    expect(f).toMatchObject({ search: 'haagis', cat: 4, sub: null, page: 0 });
    expect(apiQuery(f)).toMatchObject({ name: 'haagis', category: 4, page: 0, perPage: 20 });
  });

  it('reads a child category as parent + subcategory, and the API gets the child', () => {
    const f = filtersFromParams(new URLSearchParams('cat=26'), categories);
    expect(f).toMatchObject({ cat: 4, sub: 26 });
    expect(apiQuery(f).category).toBe(26);
  });

  it('drops a location sort without a location and junk values', () => {
    const f = filtersFromParams(new URLSearchParams('sort=CLOSE_KM&lat=x&page=-3&cat=abc'));
    expect(f).toEqual(EMPTY_FILTERS);
    const g = filtersFromParams(new URLSearchParams('sort=CLOSE_KM&lat=58.3&lon=26.7&dist=25&place=Tartu'));
    expect(apiQuery(g)).toMatchObject({ lat: 58.3, lon: 26.7, distance: 25, sort: 'CLOSE_KM' });
  });

  it('round-trips through the URL', () => {
    const f = {
      ...EMPTY_FILTERS,
      search: 'saun',
      cat: 4,
      sub: 26,
      place: 'Tartu',
      lat: 58.378,
      lon: 26.729,
      dist: 25,
      sort: 'CHEAP_FIRST' as const,
      page: 2,
    };
    expect(filtersFromParams(paramsFromFilters(f), categories)).toEqual(f);
  });

  it('knows when there is nothing to search by', () => {
    expect(hasSearchCriteria(EMPTY_FILTERS)).toBe(false);
    expect(hasSearchCriteria({ ...EMPTY_FILTERS, sub: 26 })).toBe(true);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
  });
});

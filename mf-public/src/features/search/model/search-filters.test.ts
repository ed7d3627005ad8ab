import type { Category } from 'shared-kernel/schemas';
import {
  apiQuery,
  EMPTY_FILTERS,
  filtersFromParams,
  hasSearchCriteria,
  ignoredParams,
  pageCount,
  paramsFromFilters,
} from './search-filters';

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

  it('counts the URL page from 1 and asks the API from 0; page=0 of old links and junk are the first page', () => {
    expect(paramsFromFilters({ ...EMPTY_FILTERS, search: 'x', page: 0 }).toString()).toBe('search=x');
    expect(paramsFromFilters({ ...EMPTY_FILTERS, search: 'x', page: 1 }).toString()).toBe('search=x&page=2');
    const second = filtersFromParams(new URLSearchParams('search=x&page=2'));
    expect(second.page).toBe(1);
    expect(apiQuery(second).page).toBe(1);
    expect(apiQuery(filtersFromParams(new URLSearchParams('search=x&page=1'))).page).toBe(0);
    for (const page of ['0', '-1', '1.5', 'abc', '']) {
      expect(filtersFromParams(new URLSearchParams(`search=x&page=${page}`)).page).toBe(0);
    }
    expect(ignoredParams(new URLSearchParams('search=x&page=0'))).toEqual([]);
    expect(ignoredParams(new URLSearchParams('search=x&page=abc'))).toEqual(['page']);
    expect(filtersFromParams(new URLSearchParams('page=99999')).page).toBe(10000);
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
    expect(hasSearchCriteria({ ...EMPTY_FILTERS, from: '2099-06-05', to: '2099-06-05' })).toBe(true);
    expect(hasSearchCriteria({ ...EMPTY_FILTERS, minPrice: 0 })).toBe(true);
    expect(hasSearchCriteria({ ...EMPTY_FILTERS, sort: 'CHEAP_FIRST' })).toBe(false);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(41)).toBe(3);
  });

  it('carries a period and a price range through the URL to the API', () => {
    const f = {
      ...EMPTY_FILTERS,
      search: 'haagis',
      from: '2026-12-12',
      to: '2026-12-13',
      minPrice: 10,
      maxPrice: 90,
      sort: 'CHEAP_LAST' as const,
    };
    const params = paramsFromFilters(f);
    expect(params.toString()).toBe('search=haagis&from=2026-12-12&to=2026-12-13&minPrice=10&maxPrice=90&sort=CHEAP_LAST');
    expect(filtersFromParams(params)).toEqual(f);
    expect(apiQuery(f)).toMatchObject({ from: '2026-12-12', to: '2026-12-13', minPrice: 10, maxPrice: 90, sort: 'CHEAP_LAST' });
    const hours = filtersFromParams(new URLSearchParams('from=2026-12-12T10:00&to=2026-12-12T14:00'));
    expect(apiQuery(hours)).toMatchObject({ from: '2026-12-12T10:00', to: '2026-12-12T14:00' });
  });

  it('drops half a period, mixed modes and prices that are no whole euros; without them the API is asked nothing of them', () => {
    for (const query of ['from=2026-12-12', 'from=2026-12-12&to=2026-12-12T10:00', 'from=12.12.2026&to=13.12.2026']) {
      const f = filtersFromParams(new URLSearchParams(query));
      expect([f.from, f.to]).toEqual(['', '']);
      expect(apiQuery(f)).not.toHaveProperty('from');
    }
    const f = filtersFromParams(new URLSearchParams('minPrice=-5&maxPrice=12.5'));
    expect([f.minPrice, f.maxPrice]).toEqual([null, null]);
    expect(apiQuery(f)).not.toHaveProperty('minPrice');
  });

  it('drops, and names, a date that does not exist, an end before the start and an upside-down price range', () => {
    const cases: [string, string[]][] = [
      ['from=2026-13-45&to=2026-12-02', ['period']],
      ['from=2026-02-30T10:00&to=2026-02-30T12:00', ['period']],
      ['from=2026-12-05&to=2026-12-01', ['period']],
      ['from=2026-12-05T14:00&to=2026-12-05T10:00', ['period']],
      ['from=2026-12-05T10:00&to=2026-12-05T24:30', ['period']],
      ['from=2026-12-12', ['period']],
      // The spring clock change skips 03:00-03:59 in Tallinn: no such time, the API would refuse it.
      ['from=2027-03-28T03:30&to=2027-03-28T06:00', ['period']],
      ['from=2027-03-28T01:00&to=2027-03-28T03:00', ['period']],
      ['minPrice=abc&maxPrice=40', ['minPrice']],
      ['minPrice=90&maxPrice=40', ['minPrice', 'maxPrice']],
      ['from=2026-12-01&to=2026-12-01&minPrice=0&maxPrice=40', []],
      ['from=&to=&minPrice=', []],
    ];
    for (const [query, ignored] of cases) {
      const params = new URLSearchParams(`search=haagis&${query}`);
      expect([query, ignoredParams(params)]).toEqual([query, ignored]);
      const f = filtersFromParams(params);
      expect(f.search).toBe('haagis');
      if (ignored.includes('period')) expect([f.from, f.to]).toEqual(['', '']);
      if (ignored.includes('minPrice')) expect(f.minPrice).toBeNull();
      if (ignored.includes('maxPrice')) expect(f.maxPrice).toBeNull();
    }
    expect(filtersFromParams(new URLSearchParams('minPrice=abc&maxPrice=40')).maxPrice).toBe(40);
  });

  it('leaves out, and names, a period that starts in the past on the given clock in Tallinn, and only with a clock', () => {
    // 00:30 on Friday 27 November in Tallinn, still Thursday in UTC.
    const now = new Date('2026-11-26T22:30:00Z');
    const cases: [string, string[]][] = [
      ['from=2026-11-26&to=2026-11-28', ['pastPeriod']],
      ['from=2026-11-27&to=2026-11-27', []],
      ['from=2026-11-27T00:00&to=2026-11-27T02:00', ['pastPeriod']],
      ['from=2026-11-27T00:30&to=2026-11-27T02:00', []],
      ['from=2020-01-01&to=2020-01-02&maxPrice=abc', ['pastPeriod', 'maxPrice']],
    ];
    for (const [query, ignored] of cases) {
      const params = new URLSearchParams(`search=haagis&${query}`);
      expect([query, ignoredParams(params, now)]).toEqual([query, ignored]);
      const f = filtersFromParams(params, [], now);
      if (ignored.includes('pastPeriod')) expect(apiQuery(f)).not.toHaveProperty('from');
      else expect(apiQuery(f)).toHaveProperty('from');
    }
    // Without a clock (the server render) the API is left to judge it.
    const past = new URLSearchParams('from=2020-01-01&to=2020-01-02');
    expect(ignoredParams(past)).toEqual([]);
    expect(filtersFromParams(past)).toMatchObject({ from: '2020-01-01', to: '2020-01-02' });
  });

  it('names a category or a sort it could not use', () => {
    const cases: [string, string[]][] = [
      ['cat=abc', ['category']],
      ['cat=4&sub=-2', ['category']],
      ['sort=foo', ['sort']],
      ['sort=CLOSE_KM', ['sort']],
      ['sort=CLOSE_KM&lat=58.3&lon=26.7', []],
      ['cat=4&sort=CHEAP_FIRST', []],
      ['cat=&sort=', []],
    ];
    for (const [query, ignored] of cases) expect([query, ignoredParams(new URLSearchParams(query))]).toEqual([query, ignored]);
  });
});

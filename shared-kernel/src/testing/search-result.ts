import type { SearchResultItem } from '../schemas/search';

let nextId = 100;

/**
 * A complete search hit; override what the test cares about. Its title is `Toode <id>` and its
 * name the same unless given. The search list parses its answers with the schema, so a hit that
 * a test hands the API must be whole (search-result.test.ts holds the default to the schema).
 */
export function makeSearchResult(overrides: Partial<SearchResultItem> = {}): SearchResultItem {
  const id = overrides.id ?? nextId++;
  const title = overrides.title ?? `Toode ${id}`;
  return {
    id,
    name: title,
    title,
    description: '',
    imageUrl: null,
    location: null,
    lat: null,
    lon: null,
    locationDescription: null,
    categoryId: 17,
    userId: 2,
    // A VAT payer's price: the daily price and the one search shows (with VAT, whole euros) differ,
    // so a card that shows the wrong one fails a test that reads the defaults.
    allowVat: true,
    paidLater: false,
    priceDaily: 10,
    displayPrice: 12,
    periodPrice: null,
    rating: null,
    distanceInKm: null,
    createdTs: '2024-01-01T00:00:00Z',
    loadedCount: 1,
    loadedCountCapped: false,
    ...overrides,
  };
}

import { SearchResultItem } from '../schemas';
import { makeSearchResult } from './index';

describe('makeSearchResult', () => {
  // The list parses the API's answers: a default the schema refuses would fail every test that uses it.
  it('builds a hit the search schema accepts', () => {
    const hit = makeSearchResult();
    expect(SearchResultItem.parse(hit)).toEqual(hit);
  });

  it('takes overrides, names the hit by its title, and numbers hits apart', () => {
    const hit = makeSearchResult({ id: 3, title: 'Haagis 3', periodPrice: 62, periodUnits: { unit: 'days', count: 2 } });
    expect(hit).toMatchObject({ id: 3, name: 'Haagis 3', title: 'Haagis 3', periodPrice: 62 });
    expect(SearchResultItem.parse(hit)).toEqual(hit);
    expect(makeSearchResult().id).not.toBe(makeSearchResult().id);
  });
});

import { askedPage } from './search-filters';

describe("a link's page number as the past-the-end notice names it", () => {
  it.each([
    ['page=17', 17],
    ['page=999999', 999999],
    ['page=%2017%20', 17],
  ])('reads %s as %d', (query, page) => expect(askedPage(query)).toBe(page));

  it.each(['', 'page=', 'page=1e30', 'page=0x10', 'page=-3', 'page=2.5', 'page=1234567890'])('reads %p as the first page', (query) =>
    expect(askedPage(query)).toBe(1),
  );
});

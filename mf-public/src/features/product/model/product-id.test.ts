import { productIdOf } from './product-id';

describe('a product id in the path', () => {
  it.each([
    ['1', 1],
    ['27', 27],
    ['999999999999999', 999999999999999],
  ])('reads %s as %d', (segment, id) => expect(productIdOf(segment)).toBe(id));

  it.each(['', '0', '-1', '1e2', '0x10', '0001', '1.5', ' 1', '1 ', '+1', 'abc', '%3Cscript%3E', '1000000000000000', undefined])(
    'reads %p as no id',
    (segment) => expect(productIdOf(segment)).toBeNull(),
  );
});

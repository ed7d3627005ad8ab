import { productImageSrcSet } from './index';

describe('productImageSrcSet', () => {
  it('offers the cover at 435 px and its larger rendition for wide slots (issue 25)', () => {
    expect(productImageSrcSet({ url: '/api/files/u7-a-cover.jpg', largeUrl: '/api/files/u7-a.jpg' })).toBe(
      '/api/files/u7-a-cover.jpg 435w, /api/files/u7-a.jpg 2000w',
    );
  });

  it('gives none for an image without a larger rendition', () => {
    expect(productImageSrcSet({ url: '/api/files/u7-b.jpg' })).toBeUndefined();
  });
});

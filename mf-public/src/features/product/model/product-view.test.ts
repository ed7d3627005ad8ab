import { approximateLatitude, galleryImages, ownQuestionCount, priceRows, showsMemberButtons, starFills } from './product-view';

const img = (id: number) => ({ id, url: `/api/files/${id}.jpg`, title: `${id}` });

describe('product page rules', () => {
  it('drops the first image after the February 2023 cutoff when there are several', () => {
    expect(galleryImages({ createdTs: '2023-05-01T10:00:00Z', images: [img(1), img(2)] }).map((i) => i.id)).toEqual([2]);
    expect(galleryImages({ createdTs: '2023-05-01T10:00:00Z', images: [img(1)] }).map((i) => i.id)).toEqual([1]);
    expect(galleryImages({ createdTs: '2023-01-15T10:00:00Z', images: [img(1), img(2)] }).map((i) => i.id)).toEqual([1, 2]);
  });

  it('shows tier prices with the VAT of the day only for VAT-liable owners (22 % until June 2025, then 24 %)', () => {
    const base = { id: 12, priceHour: null, priceDaily: 10, threeDay: 9, aweek: null, twoWeek: null, month: 6.5, weekendDay: null };
    expect(priceRows({ ...base, allowVat: false })).toEqual([
      { key: 'priceDaily', priceCents: 1000 },
      { key: 'threeDay', priceCents: 900 },
      { key: 'month', priceCents: 650 },
    ]);
    expect(priceRows({ ...base, allowVat: true }, '2025-06-30').map((r) => r.priceCents)).toEqual([1220, 1098, 793]);
    expect(priceRows({ ...base, allowVat: true }, '2025-07-01').map((r) => r.priceCents)).toEqual([1240, 1116, 806]);
    expect(priceRows({ ...base, allowVat: false }, '2025-07-01').map((r) => r.priceCents)).toEqual([1000, 900, 650]);
  });

  it('prices the go-kart by the 20-minute slot at 20 €, never by its stored day price', () => {
    const kart = {
      id: 229,
      priceHour: null,
      priceDaily: 20,
      threeDay: null,
      aweek: null,
      twoWeek: null,
      month: null,
      weekendDay: null,
      allowVat: true,
    };
    expect(priceRows(kart)).toEqual([{ key: 'goKartSlot', priceCents: 2000 }]);
  });

  it('moves the displayed latitude a little', () => {
    expect(approximateLatitude(58.5, () => 1)).toBeCloseTo(58.504, 6);
    expect(approximateLatitude(58.5, () => 0)).toBeCloseTo(58.496, 6);
  });

  it('shows member buttons to signed-in users except on product 229', () => {
    expect(showsMemberButtons(true, 12)).toBe(true);
    expect(showsMemberButtons(false, 12)).toBe(false);
    expect(showsMemberButtons(true, 229)).toBe(false);
  });

  it('counts own questions and draws half stars', () => {
    const c = (id: number, userId: number, parentId: number | null = null) => ({
      id,
      userId,
      parentId,
      author: 'x',
      comment: 'x',
      productId: 1,
      createdTs: '',
      children: [],
    });
    expect(ownQuestionCount([c(1, 5), c(2, 5), c(3, 6), c(4, 5, 1)], 5)).toBe(2);
    expect(ownQuestionCount([c(1, 5)], null)).toBe(0);
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
});

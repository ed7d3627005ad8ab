/**
 * The product page of a product: the one place its path is spelt. A searched period (issue 32)
 * goes along as `from`/`to`, which the booking panel opens with.
 */
export const detailUrl = (id: number, period?: URLSearchParams) => {
  const query = period?.toString();
  return query ? `/public/detail-view/${id}?${query}` : `/public/detail-view/${id}`;
};

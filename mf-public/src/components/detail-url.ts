/** The product page of a product: the one place its path is spelt. */
export const detailUrl = (id: number) => `/public/detail-view/${id}`;

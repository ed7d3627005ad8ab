/** The tabs of my products and time management (owner spec 2), in the order they show. */
export type MyProductsTab = 'all' | 'reserved' | 'available' | 'inactive';
export const MY_PRODUCTS_TABS: readonly MyProductsTab[] = ['all', 'reserved', 'available', 'inactive'];

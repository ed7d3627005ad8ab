/** The six category pages of the products footer page, in the spec's order (section 2.4). */
export const PRODUCT_CATEGORY_LINKS = [
  { key: 'heavyMachinery', to: '/otsing/rasketehnika/rent' },
  { key: 'vehicles', to: '/otsing/soidukid/rent' },
  { key: 'saunas', to: '/otsing/saunade/rent' },
  { key: 'trailers', to: '/otsing/haagised/rent' },
  { key: 'tools', to: '/otsing/tooriistad/rent' },
  { key: 'cleaners', to: '/otsing/tekstiilipesur/rent' },
] as const;

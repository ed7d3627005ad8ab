/**
 * The category tree (reference data of every database, see CategoryRepository.ensure). Ids named by the spec are kept (55 heavy machinery, 4 tools, 3 textile
 * washers, 6 video/audio, 2 hobby, 57 tracked machinery, 56 passenger cars, 60 lifts with 61-64,
 * 59 truck cranes, 17 trailers, 8 and 9 vehicles); the rest fill the tree. Products belong to
 * child categories.
 */
export interface CategoryNode {
  id: number;
  name: string;
  parentCategoryId: number | null;
}

export const categoryTree: readonly CategoryNode[] = [
  { id: 1, name: 'Haagised', parentCategoryId: null },
  { id: 17, name: 'Sõiduautohaagised', parentCategoryId: 1 },
  { id: 18, name: 'Autoveohaagised', parentCategoryId: 1 },
  { id: 19, name: 'Paadi- ja mootorrattahaagised', parentCategoryId: 1 },
  { id: 20, name: 'Furgoonhaagised', parentCategoryId: 1 },

  { id: 8, name: 'Sõidukid', parentCategoryId: null },
  { id: 56, name: 'Sõiduautod', parentCategoryId: 8 },
  { id: 9, name: 'Kaubikud ja mikrobussid', parentCategoryId: 8 },
  { id: 21, name: 'Matkaautod', parentCategoryId: 8 },
  { id: 22, name: 'ATV-d ja mootorrattad', parentCategoryId: 8 },

  { id: 55, name: 'Rasketehnika', parentCategoryId: null },
  { id: 57, name: 'Roomiktehnika', parentCategoryId: 55 },
  { id: 58, name: 'Ratastehnika ja laadurid', parentCategoryId: 55 },
  { id: 59, name: 'Autokraanad', parentCategoryId: 55 },
  { id: 23, name: 'Minitehnika', parentCategoryId: 55 },

  { id: 60, name: 'Tõstukid', parentCategoryId: null },
  { id: 61, name: 'Järelveetavad korvtõstukid', parentCategoryId: 60 },
  { id: 62, name: 'Iseliikuvad korvtõstukid', parentCategoryId: 60 },
  { id: 63, name: 'Käärtõstukid', parentCategoryId: 60 },
  { id: 64, name: 'Kahvel- ja laotõstukid', parentCategoryId: 60 },

  { id: 5, name: 'Saunad ja kümblustünnid ratastel', parentCategoryId: null },
  { id: 24, name: 'Saunahaagised', parentCategoryId: 5 },
  { id: 25, name: 'Kümblustünnid', parentCategoryId: 5 },

  { id: 4, name: 'Tööriistad', parentCategoryId: null },
  { id: 26, name: 'Elektritööriistad', parentCategoryId: 4 },
  { id: 27, name: 'Ehitustööriistad', parentCategoryId: 4 },
  { id: 28, name: 'Generaatorid ja kompressorid', parentCategoryId: 4 },

  { id: 3, name: 'Tekstiili- ja aurupesurid', parentCategoryId: null },
  { id: 29, name: 'Tekstiilipesurid', parentCategoryId: 3 },
  { id: 30, name: 'Aurupesurid', parentCategoryId: 3 },
  { id: 31, name: 'Survepesurid', parentCategoryId: 3 },

  { id: 2, name: 'Hobi', parentCategoryId: null },
  { id: 32, name: 'Veesport', parentCategoryId: 2 },
  { id: 33, name: 'Matkavarustus', parentCategoryId: 2 },
  { id: 34, name: 'Jalgrattad', parentCategoryId: 2 },

  { id: 6, name: 'Video ja audio', parentCategoryId: null },
  { id: 35, name: 'Helitehnika', parentCategoryId: 6 },
  { id: 36, name: 'Projektorid ja ekraanid', parentCategoryId: 6 },
  { id: 37, name: 'Kaamerad ja droonid', parentCategoryId: 6 },

  { id: 7, name: 'Kodu ja aed', parentCategoryId: null },
  { id: 38, name: 'Aiatehnika', parentCategoryId: 7 },
  { id: 39, name: 'Peotelgid ja mööbel', parentCategoryId: 7 },

  { id: 10, name: 'Kardisõit', parentCategoryId: null },
  { id: 40, name: 'Kardirajad', parentCategoryId: 10 },
];

export const GOKART_PRODUCT_ID = 229;
export const GOKART_CATEGORY_ID = 40;

import { sql, type SQL } from 'drizzle-orm';
import type { Category } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { foldEstonian } from '../places/gazetteer';
import { escapeLike, queryWords, withoutContainedWords } from './search-words';

// How a search text becomes SQL conditions on product names: the exact tier and the typo-tolerant
// one (split from search-repository.ts, issue 26).

/**
 * Typo tolerance compares each query word with the vocabulary of product names
 * (`product_name_words`, kept by a trigger) by word similarity on folded letters (õ/ö→o, ä→a,
 * ü→u...): 0.4 keeps a dropped letter inside a compound ('hagis' in 'kastihaagis' is 0.5). The
 * function product_name_words_similar (migration 0004) sets the same threshold.
 */
const KEEP_SIMILARITY = 0.4;
/** At most this many vocabulary words stand in for one query word. */
const WORDS_PER_QUERY_WORD = 20;

/** How a text matches: by name, by a category it names (exact tier only), and a ranking (typo tier). */
export interface NameMatch {
  name: SQL;
  byCategory: SQL | null;
  relevance: SQL | null;
}

type SimilarWord = { query: string; word: string; similarity: number };

const nameHas = (folded: string) => sql`p.name_folded like ${`%${escapeLike(folded)}%`}`;
export const inCategories = (ids: number[]) =>
  sql`p.category_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** Categories whose name contains the text ('haagis' → every trailer category), parents with their children. */
async function categoriesNamed(categories: () => Promise<Category[]>, text: string): Promise<number[]> {
  const q = foldEstonian(text);
  if (q.length < 4) return [];
  const all = await categories();
  const hit = new Set<number>();
  for (const c of all) {
    if (!foldEstonian(c.name).includes(q)) continue;
    hit.add(c.id);
    for (const child of all) if (child.parentCategoryId === c.id) hit.add(child.id);
  }
  return [...hit];
}

/**
 * Two tiers. `exact`: the folded text as a substring of the folded name, or a category named by
 * it. `fuzzy` (only when exact finds nothing): every query word must match a name word that is
 * similar to it (typos, missing letters), ranked by how similar. Both cost a LIKE per candidate
 * row, never a similarity score per product; the trigram indexes (GIN on the folded name, GiST on
 * the point with the folded name) answer the LIKEs.
 */
export async function nameMatch(db: Db, categories: () => Promise<Category[]>, name: string, mode: 'exact' | 'fuzzy'): Promise<NameMatch> {
  const folded = foldEstonian(name);
  if (mode === 'exact') {
    const namedCategories = await categoriesNamed(categories, name);
    return { name: nameHas(folded), byCategory: namedCategories.length ? inCategories(namedCategories) : null, relevance: null };
  }
  const nothing = { name: sql`false`, byCategory: null, relevance: null };
  const { words, numbers } = queryWords(folded);
  if (words.length === 0) return nothing;
  const similar = await similarWords(db, words);
  const perWord = words.map((w) => similar.filter((s) => s.query === w));
  if (perWord.some((list) => list.length === 0)) return nothing;
  const where = [
    ...perWord.map(
      (list) =>
        sql`(${sql.join(
          list.map((s) => nameHas(s.word)),
          sql` or `,
        )})`,
    ),
    ...numbers.map((n) => nameHas(n)),
  ];
  // Each query word scores its best matching name word; the product scores their mean. With one
  // name word per query word every hit scores the same: no ranking, so an index can give the order.
  const scores = perWord.map(
    (list) =>
      sql`greatest(${sql.join(
        list.map((s) => sql`case when ${nameHas(s.word)} then ${s.similarity}::float8 end`),
        sql`, `,
      )})`,
  );
  const relevance = perWord.every((list) => list.length === 1) ? null : sql`((${sql.join(scores, sql` + `)}) / ${words.length})`;
  return { name: sql.join(where, sql` and `), byCategory: null, relevance };
}

/**
 * Name words similar to each query word, best first: the vocabulary is small and trigram-indexed,
 * and `product_name_words_similar` (migration 0004) runs with the word-similarity threshold at
 * KEEP_SIMILARITY (a SET on the function, so no transaction and no connection state).
 */
async function similarWords(db: Db, words: string[]): Promise<SimilarWord[]> {
  const rows = await queryRows<{ query: string; word: string; similarity: number | string }>(
    db,
    sql`select query, word, similarity from product_name_words_similar(${`{${words.join(',')}}`}::text[], ${WORDS_PER_QUERY_WORD})`,
  );
  return withoutContainedWords(
    rows.map((r) => ({ query: r.query, word: r.word, similarity: Number(r.similarity) })).filter((r) => r.similarity >= KEEP_SIMILARITY),
  );
}

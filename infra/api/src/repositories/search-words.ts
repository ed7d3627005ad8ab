// How a query's words are matched: LIKE escaping, containment of similar words, the words guessed at
// (split from search-repository.ts, issue 26).

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A name holding 'kastihaagis' also holds 'haagis': the longer word adds nothing but another index
 * scan, and the shorter one scores higher (it is closer to the query), so only the shorter stays.
 */
export function withoutContainedWords<T extends { query: string; word: string; similarity: number }>(found: T[]): T[] {
  const kept: T[] = [];
  for (const f of [...found].sort((a, b) => a.word.length - b.word.length || b.similarity - a.similarity)) {
    if (!kept.some((k) => k.query === f.query && f.word.includes(k.word) && k.similarity >= f.similarity)) kept.push(f);
  }
  return kept;
}

/** The words of a folded query that typo tolerance guesses at, and the numbers it does not. */
export function queryWords(folded: string): { words: string[]; numbers: string[] } {
  const tokens = folded.split(/[^a-z0-9]+/).filter(Boolean);
  return {
    words: [...new Set(tokens.filter((w) => w.length >= 3 && /[a-z]/.test(w)))],
    // Numbers (years, models) are not guessed at: they must appear as written.
    numbers: [...new Set(tokens.filter((w) => /^[0-9]{2,}$/.test(w)))],
  };
}

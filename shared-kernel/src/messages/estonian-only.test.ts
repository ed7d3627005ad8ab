import { type TextCatalogue } from 'shared-kernel/messages';
import { messages } from './server';

function* leaves(node: TextCatalogue | string | readonly string[], path = ''): Generator<[string, string]> {
  if (typeof node === 'string') yield [path, node];
  else if (Array.isArray(node)) for (const [i, v] of (node as readonly string[]).entries()) yield [`${path}[${i}]`, v];
  else for (const [k, v] of Object.entries(node as TextCatalogue)) yield* leaves(v, path ? `${path}.${k}` : k);
}

/**
 * English words that never occur in Estonian text, as whole words. A text in the catalogue is what
 * a user reads, so none of them may appear (issue 25: 'Arve hiljem (paid later)', zod's 'Invalid
 * input' and untranslated kernel texts reached pages).
 */
const ENGLISH =
  /\b(the|and|of|to|is|are|was|not|please|your|you|with|for|from|this|that|error|invalid|input|required|expected|received|failed|failure|success|found|paid|later|payment|price|pending|unknown|login|fails|try|thanks|reply|terms|agree|account|undefined|null|NaN)\b/i;

describe('the kernel message catalogue', () => {
  it('is Estonian: no English word in any text', () => {
    const english = [...leaves(messages)].filter(([, text]) => ENGLISH.test(text.replace(/\{\w+\}/g, '')));
    expect(english.map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it('tells an English text apart (the check can fail)', () => {
    expect(ENGLISH.test('Invalid input: expected boolean, received undefined')).toBe(true);
    expect(ENGLISH.test('Arve hiljem (paid later)')).toBe(true);
    expect(ENGLISH.test('Toode on antud ajavahemikus juba broneeritud.')).toBe(false);
  });
});

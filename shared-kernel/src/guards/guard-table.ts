import type { z } from 'shared-kernel/zod';
import type { GuardResult } from './checks';

// For the tests that hold a guard equal to its schema: the same inputs, the same decision, output
// and problem paths. Only tests import this file.

export const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, NaN, Infinity, 2 ** 60, '', 'x', true, [], ['x'], {}, { length: 0 }];

export function sameAsSchema(schema: z.ZodType, guard: { safeParse(v: unknown): GuardResult<unknown> }, input: unknown): void {
  const expected = schema.safeParse(input);
  const actual = guard.safeParse(input);
  if (expected.success) {
    expect({ input, result: actual }).toStrictEqual({ input, result: { success: true, data: expected.data } });
  } else {
    expect({ input, paths: actual.success ? 'accepted' : actual.error.paths }).toEqual({
      input,
      paths: expected.error.issues.map((i) => i.path.join('.')),
    });
  }
}

/** `base`, then each of its fields missing, of each wrong type, and of each value given for it. */
export function fieldVariants(base: Record<string, unknown>, values: Record<string, unknown[]> = {}): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [base, { ...base, extra: 1 }];
  for (const key of new Set([...Object.keys(base), ...Object.keys(values)])) {
    const without = { ...base };
    delete without[key];
    out.push(without);
    for (const v of [...WRONG_TYPES, undefined, ...(values[key] ?? [])]) out.push({ ...base, [key]: v });
  }
  return out;
}

/** Amounts for a field of the `Euros` schema. */
export const EURO_VALUES: unknown[] = [0, -0, 12.34, 12.345, 0.1 + 0.2, 1e-9, 99.99999999, -5, 1e20, '12.34'];

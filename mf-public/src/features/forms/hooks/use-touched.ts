import { useCallback, useState } from 'react';

/**
 * Which fields the user has left (blurred) or tried to submit; the spec shows a field's error
 * only after it is touched.
 */
export function useTouched<F extends string>() {
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const touch = useCallback((field: F) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })), []);
  const touchAll = useCallback((fields: readonly F[]) => setTouched(Object.fromEntries(fields.map((f) => [f, true])) as Record<F, boolean>), []);
  const reset = useCallback(() => setTouched({}), []);
  const shown = useCallback(
    (field: F, errors: Partial<Record<F, string | undefined>>) => (touched[field] ? errors[field] : undefined),
    [touched],
  );
  return { touched, touch, touchAll, reset, shown };
}

/** The first message of a list of validator results. */
export function firstError(...results: Array<string | undefined>): string | undefined {
  return results.find((r) => r !== undefined);
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}

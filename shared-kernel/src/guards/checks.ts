// The few rules the kernel's hand-written guards are made of, each the decision zod v4 makes for the
// same schema (read from zod's source; the guard tests compare the two over many inputs). Guards
// exist where a schema would put zod on the first paint (ADR 0030, issue 28): no zod import here.

/** A guard's answer, shaped like zod's `safeParse` so the API client takes either. */
export type GuardResult<T> = { success: true; data: T } | { success: false; error: { paths: string[] } };

/** Something that checks an answer the way a zod schema's `safeParse` does. */
export interface Guard<T> {
  safeParse(input: unknown): GuardResult<T>;
}

/** `z.object`: any non-null object but an array (a Date or a class instance too). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z.record`: a plain object only. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = (ctor as { prototype?: unknown }).prototype;
  if (!isObject(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

/** `z.number()`: finite numbers only. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `z.number().int()`: a safe integer (1.5 is a wrong type, 2^60 out of range: both refused). */
export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * zod's `.min(n)`/`.max(n)` on strings and arrays run on anything with a `length`, even after the
 * type was wrong, so a wrong value can break the rule twice (two problems at one path).
 */
export function lengthBreaks(value: unknown, min: number | undefined, max: number | undefined): number {
  if (value === null || value === undefined) return 0;
  const length = (value as { length?: unknown }).length;
  if (length === undefined) return 0;
  let broken = 0;
  if (min !== undefined && !((length as number) >= min)) broken += 1;
  if (max !== undefined && !((length as number) <= max)) broken += 1;
  return broken;
}

/** `z.url()`: what the platform's URL parser reads (after trimming); the value kept is trimmed, without tabs and newlines. */
export function urlValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  let ok: boolean;
  if (typeof URL.canParse === 'function') ok = URL.canParse(trimmed);
  else {
    try {
      new URL(trimmed);
      ok = true;
    } catch {
      ok = false;
    }
  }
  return ok ? trimmed.replace(/[\t\n\r]/g, '') : undefined;
}

/** Problems are paths as zod's issues name them, joined by dots: `nav.0.group` ('' is the value itself). */
export function at(base: string, key: string | number): string {
  return base === '' ? String(key) : `${base}.${key}`;
}

/** An object's own enumerable string keys, as zod's record walks them (symbols are not checked here). */
export function ownKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value);
}

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

// ---------------------------------------------------------------------------------------------
// Small shapes for the API answers and events the first paint reads (the session, the front
// page's products, the event bus). Each is a zod v4 schema's decision: a wrong type (or enum
// value) is a hard problem that skips the refinements around it; a broken bound is soft.
// ---------------------------------------------------------------------------------------------

/** The problems of one check: paths as zod names them, joined by dots. */
export class Issues {
  readonly paths: string[] = [];
  hard = 0;
  add(path: string, hard: boolean): void {
    this.paths.push(path);
    if (hard) this.hard += 1;
  }
}

/** Reads `value` at `path`, records its problems and returns what zod would output. */
export type Shape<T> = (value: unknown, path: string, issues: Issues) => T;

export type Out<S> = S extends Shape<infer T> ? T : never;

/** A guard (`safeParse`) over a shape. */
export function guardOf<T>(shape: Shape<T>): Guard<T> {
  return {
    safeParse(input: unknown): GuardResult<T> {
      const issues = new Issues();
      const data = shape(input, '', issues);
      return issues.paths.length > 0 ? { success: false, error: { paths: issues.paths } } : { success: true, data };
    },
  };
}

export function str(rules: { min?: number } = {}): Shape<string> {
  return (value, path, issues) => {
    if (typeof value !== 'string') issues.add(path, true);
    for (let i = lengthBreaks(value, rules.min, undefined); i > 0; i -= 1) issues.add(path, false);
    return value as string;
  };
}

export function num(rules: { int?: boolean; min?: number; positive?: boolean } = {}): Shape<number> {
  return (value, path, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (rules.int && !Number.isInteger(value))) {
      issues.add(path, true);
      return value as number;
    }
    if (rules.int && !Number.isSafeInteger(value)) issues.add(path, false);
    if (rules.positive && !(value > 0)) issues.add(path, false);
    if (rules.min !== undefined && !(value >= rules.min)) issues.add(path, false);
    return value;
  };
}

export const bool: Shape<boolean> = (value, path, issues) => {
  if (typeof value !== 'boolean') issues.add(path, true);
  return value as boolean;
};

export const unknownValue: Shape<unknown> = (value) => value;

export function oneOf<const V extends string>(values: readonly V[]): Shape<V> {
  return (value, path, issues) => {
    if (!values.includes(value as V)) issues.add(path, true);
    return value as V;
  };
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, path, issues) => (value === null ? null : shape(value, path, issues));
}

export function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return (value, path, issues) => (value === undefined ? undefined : shape(value, path, issues));
}

export function list<T>(shape: Shape<T>): Shape<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.add(path, true);
      return [];
    }
    return value.map((v, i) => shape(v, at(path, i), issues));
  };
}

/** `z.object` (unknown keys dropped) or, `loose`, `z.looseObject` (unknown keys kept). */
export function obj<S extends Record<string, Shape<unknown>>>(shape: S, loose = false): Shape<{ [K in keyof S]: Out<S[K]> }> {
  return (value, path, issues) => {
    if (!isObject(value)) {
      issues.add(path, true);
      return value as { [K in keyof S]: Out<S[K]> };
    }
    const out: Record<string, unknown> = loose ? { ...value } : {};
    for (const key of Object.keys(shape)) {
      // zod's `unknown` field may be undefined but not missing
      if (shape[key] === unknownValue && !(key in value)) issues.add(at(path, key), true);
      const read = shape[key](value[key], at(path, key), issues);
      if (read !== undefined || key in value) out[key] = read;
    }
    return out as { [K in keyof S]: Out<S[K]> };
  };
}

/**
 * The exact cents of an amount in euros, or null when it is not a whole number of cents: not a
 * finite number, more than two decimals (`99.99999999`, `5e-9`) or beyond exact integers.
 * No string tricks: the amount must be the very double that `cents / 100` gives, which is what
 * `"12.34"`, `1234e-2` or `12.340` parse to and what no other number is. -0 is 0.
 */
export function centsOfEuros(euros: unknown): number | null {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return null;
  const cents = Math.round(euros * 100);
  if (!Number.isSafeInteger(cents) || cents / 100 !== euros) return null;
  return cents === 0 ? 0 : cents;
}

/** The `Euros` schema: a number of whole cents (its refinement aborts, so it is a hard problem). */
export const euros: Shape<number> = (value, path, issues) => {
  if (typeof value !== 'number' || !Number.isFinite(value) || centsOfEuros(value) === null) issues.add(path, true);
  return value as number;
};

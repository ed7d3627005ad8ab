import { z } from 'shared-kernel/zod';
import type { PickValues as PickValuesShape } from './pick-model';

/** The schema of a date pick's form values (./pick-model's PickValues). */
export const PickValues = z.object({
  startD: z.string(),
  endD: z.string(),
  hourly: z.boolean(),
  startH: z.string(),
  endH: z.string(),
});

/** `true` only when A and B are the same type (each assignable to the other). */
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The form's values type lives in the zod-free pick-model so the panel loads no zod for its first
 * paint; this keeps the two equal both ways: a field added to one and not the other fails the build.
 */
export const PICK_SCHEMA_MATCHES_MODEL: SameType<z.infer<typeof PickValues>, PickValuesShape> = true;

import { z } from 'shared-kernel/zod';
import type { PickValues as PickValuesShape } from './pick-model';

/** The schema of a date pick's form values (./pick-model's PickValues). */
export const PickValues = z.object({
  startD: z.string(),
  endD: z.string(),
  hourly: z.boolean(),
  startH: z.string(),
  endH: z.string(),
}) satisfies z.ZodType<PickValuesShape>;

import { z } from 'shared-kernel/zod';

/** The period inputs' fields (./period-form's PeriodValues) in a form's schema; checkPeriod adds the rules. */
export const periodShape = {
  mode: z.enum(['days', 'hours']),
  fromDay: z.string(),
  toDay: z.string(),
  hourDay: z.string(),
  fromHour: z.string(),
  toHour: z.string(),
};

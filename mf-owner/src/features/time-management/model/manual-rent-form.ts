import { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { tallinnLocalToEpoch } from 'shared-kernel/time';
import { skippedTimeMessage, type ManualRentRequest } from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';

const t = ownerTexts.manualRent;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A 'YYYY-MM-DDTHH:mm' Tallinn wall-clock time (datetime-local) as an instant. */
function instantOf(local: string): string {
  return new Date(tallinnLocalToEpoch(local)).toISOString();
}

/** A local time on Tallinn's clock that day: read on, 03:30 of the spring DST night would be saved as 04:30. */
const localTime = z
  .string()
  .regex(LOCAL, t.invalidTime)
  .superRefine((v, ctx) => {
    const skipped = skippedTimeMessage(v);
    if (skipped) ctx.addIssue({ code: 'custom', message: skipped });
  });
const onClock = (v: string) => LOCAL.test(v) && skippedTimeMessage(v) === undefined;

const euros = z
  .string()
  .trim()
  .min(1, messages.common.required)
  // Comma or dot as the decimal mark, at most two decimals.
  .regex(/^\d{1,7}([.,]\d{1,2})?$/, t.invalidAmount)
  .transform((v) => Number(v.replace(',', '.')));

/**
 * The manual rent dialog: income in euros (as typed, with a comma or a dot), the period as
 * Tallinn wall-clock times, the person's name and phone; sent as `ManualRentRequest`.
 */
export const ManualRentForm = z
  .object({
    income: euros,
    start: localTime,
    end: localTime,
    personName: z.string().trim().min(1, messages.common.required).max(200),
    personPhone: z.string().trim().min(5, t.phoneTooShort).max(30),
  })
  .refine((v) => !onClock(v.start) || !onClock(v.end) || tallinnLocalToEpoch(v.start) < tallinnLocalToEpoch(v.end), {
    path: ['end'],
    message: t.startAfterEnd,
  })
  .transform((v): ManualRentRequest => ({
    income: v.income,
    startTs: instantOf(v.start),
    endTs: instantOf(v.end),
    personName: v.personName,
    personPhone: v.personPhone,
  }));
export type ManualRentValues = z.input<typeof ManualRentForm>;

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodIssueMessage, type z } from 'shared-kernel/zod';

export type ZodFormOptions<S extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>;

/**
 * A react-hook-form form validated by a kernel schema. The spec shows a field's message only after
 * the field was left or a submit was tried, then keeps it current while typing: mode 'onTouched'.
 * The submit handler receives the schema's output (trimmed texts and the like). Rules without a
 * text of their own are worded from the Estonian catalogue (zodIssueMessage), never zod's English.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: ZodFormOptions<S> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema, { error: zodIssueMessage }),
  });
}

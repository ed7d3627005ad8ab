import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'shared-kernel/zod';
import { zodFormResolver } from './zod-resolver';

export type ZodFormOptions<S extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>;

/**
 * A form's schema, or a function that loads it: a page can then show the form before it has zod,
 * which loads with the form's first check (the search page's filters, on its first paint: issue 28).
 */
export type ZodFormSchema<S extends z.ZodType<FieldValues, FieldValues>> = S | (() => Promise<S>);

/**
 * A react-hook-form form validated by a kernel schema. The spec shows a field's message only after
 * the field was left or a submit was tried, then keeps it current while typing: mode 'onTouched'.
 * The submit handler receives the schema's output (trimmed texts and the like). Rules without a
 * text of their own are worded from the Estonian catalogue (zodIssueMessage), never zod's English.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: ZodFormSchema<S>,
  options: ZodFormOptions<S> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = typeof schema === 'function'
    ? async (values, context, resolverOptions) => zodFormResolver<S>(await schema())(values, context, resolverOptions)
    : zodFormResolver(schema);
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}

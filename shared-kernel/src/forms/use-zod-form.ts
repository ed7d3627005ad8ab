import { useForm, type FieldValues, type Resolver, type ResolverError, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'shared-kernel/zod';
import { messages } from 'shared-kernel/messages';
import { notify } from 'shared-kernel/ui';
import { TIMINGS } from '../domain/constants';
import { zodFormResolver } from './zod-resolver';

export type ZodFormOptions<S extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>;

/**
 * A form's schema, or a function that loads it: a page can then show the form before it has zod,
 * which loads with the form's first check (the search page's filters, on its first paint: ADR 0056).
 * The loader is called at every check: one that loads once should keep its promise (and drop it
 * when it fails, so the next check tries again). Reading `formState.isValid` checks at once.
 */
let lastLoadNotice = -Infinity;

/** The error that holds a submit whose schema could not be loaded (`errors[SCHEMA_NOT_LOADED]`). */
export const SCHEMA_NOT_LOADED = '_schemaNotLoaded';

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
    ? async (values, context, resolverOptions) => {
        let loaded: S;
        try {
          loaded = await schema();
        } catch {
          // Nothing is sent: the check is held by an error under a name no field has (react-hook-form
          // drops `root` errors at a submit and would send the unchecked values), and the visitor is
          // told why, once in a while, not at every key typed after a submit. The next check calls
          // the loader again.
          if (Date.now() - lastLoadNotice > TIMINGS.noticeAutoHideMs) {
            lastLoadNotice = Date.now();
            notify({ type: 'error', message: messages.common.networkError });
          }
          const failed = { values: {}, errors: { [SCHEMA_NOT_LOADED]: { type: 'load', message: messages.common.networkError } } };
          return failed as unknown as ResolverError<z.input<S>>;
        }
        return zodFormResolver(loaded)(values, context, resolverOptions);
      }
    : zodFormResolver(schema);
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
}

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

/** When a form last told the visitor its schema could not be loaded. */
let lastLoadNotice = -Infinity;

/** The error that holds a submit whose schema could not be loaded (`errors[SCHEMA_NOT_LOADED]`). */
export const SCHEMA_NOT_LOADED = '_schemaNotLoaded';

/**
 * A form's schema, or a function that loads it: a page can then show the form before it has zod,
 * which loads with the form's first check (the search page's filters, on its first paint: ADR 0056).
 * The loader is called at every check: one that loads once should keep its promise (and drop it
 * when it fails, so the next check tries again). Reading `formState.isValid` checks at once.
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
    ? async (values, context, resolverOptions) => {
        let loaded: S;
        try {
          loaded = await schema();
        } catch {
          // Nothing is sent: the check answers with an error under a name no field has, which holds
          // a submit (react-hook-form calls the invalid handler) and shows under no field; a field's
          // own check passes meanwhile (`trigger(name)` is true). The visitor is told why, at most
          // once while a notice shows. The next check calls the loader again, so after a failed
          // submit each key typed retries the load.
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

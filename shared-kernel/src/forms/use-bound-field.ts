import { useId } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { SERVER_ERROR } from './form';

/**
 * The part every bound field shares: value and error from the form, a server error dropped as soon
 * as the value changes (it spoke of the old value), and dependants checked again (a password's
 * repeat), but only once they show their own errors: never before the user reached them.
 */
export function useBoundField<T extends FieldValues>(name: FieldPath<T>, revalidates: readonly FieldPath<T>[] = []) {
  const form = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control: form.control });
  const errorId = `${useId()}-error`;

  const changed = (value: unknown) => {
    field.onChange(value);
    if (fieldState.error?.type === SERVER_ERROR) form.clearErrors(name);
    const { isSubmitted } = form.formState;
    const due = revalidates.filter((other) => isSubmitted || form.getFieldState(other).isTouched);
    if (due.length > 0) void form.trigger(due);
  };

  return { field, error: fieldState.error?.message, errorId, changed };
}

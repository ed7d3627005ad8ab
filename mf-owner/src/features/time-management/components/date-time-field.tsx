import { useId } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, FieldLabel, Input } from 'shared-kernel/ui';

function useDateTimeField<T extends FieldValues>(name: FieldPath<T>) {
  const form = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control: form.control });
  const errorId = `${useId()}-error`;
  return { field, error: fieldState.error?.message, errorId };
}

/** A date and time (Tallinn wall clock, 'YYYY-MM-DDTHH:mm') of the enclosing <Form>. */
export function DateTimeField<T extends FieldValues>({ name, label }: { name: FieldPath<T>; label: string }) {
  const { field, error, errorId } = useDateTimeField<T>(name);
  const input = {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    'aria-errormessage': error ? errorId : undefined,
  };
  return (
    <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId }}>
      <FieldLabel required>{label}</FieldLabel>
      <Input type="datetime-local" {...input} onChange={(e) => field.onChange(e.target.value)} />
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

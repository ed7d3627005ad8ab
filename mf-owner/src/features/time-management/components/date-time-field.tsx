import { useId } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, Input } from 'shared-kernel/ui';

/** A date and time (Tallinn wall clock, 'YYYY-MM-DDTHH:mm') of the enclosing <Form>. */
export function DateTimeField<T extends FieldValues>({ name, label }: { name: FieldPath<T>; label: string }) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name, control });
  const errorId = `${useId()}-error`;
  const error = fieldState.error?.message;
  return (
    <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId }}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="datetime-local"
        name={field.name}
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        aria-errormessage={error ? errorId : undefined}
      />
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

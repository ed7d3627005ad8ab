import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, FieldLabel, Input, Textarea } from 'shared-kernel/ui';
import { useBoundField } from './use-bound-field';

export interface FormFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  /** A textarea instead of a one-line input. */
  multiline?: boolean;
  rows?: number;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  /** Fields whose rule reads this one (the repeat of a password): checked again when this changes. */
  revalidates?: readonly FieldPath<T>[];
}

/**
 * A labelled text field of the enclosing <Form>. Its message (the schema's, or a server's set with
 * `setError`) shows after the field was left or a submit was tried, and is tied to the input as
 * its accessible error message. The error element keeps the `error-<name>` test id the browser
 * journeys use.
 */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  label,
  helperText,
  required,
  multiline,
  rows = 5,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
  disabled,
  revalidates,
}: FormFieldProps<T>) {
  const { field, error, errorId, changed } = useBoundField<T>(name, revalidates);
  const common = {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    placeholder,
    maxLength,
    disabled,
    // Set here rather than left to Chakra, which finds the error element a tick later.
    'aria-errormessage': error ? errorId : undefined,
  };
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} ids={{ errorText: errorId }}>
      <FieldLabel required={required}>{label}</FieldLabel>
      {multiline ? (
        <Textarea {...common} rows={rows} onChange={(e) => changed(e.target.value)} />
      ) : (
        <Input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => changed(e.target.value)} />
      )}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, FieldLabel, NativeSelect } from 'shared-kernel/ui';
import { useBoundField } from './use-bound-field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  /** The empty first choice ('—'); its value is ''. */
  placeholder?: string;
  required?: boolean;
}

/** A native select of the enclosing <Form> holding the chosen option's value as a string. */
export function SelectField<T extends FieldValues = FieldValues>({ name, label, options, placeholder, required }: SelectFieldProps<T>) {
  const { field, error, errorId, changed } = useBoundField<T>(name);
  const input = {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | undefined) ?? '',
    onBlur: field.onBlur,
    'aria-errormessage': error ? errorId : undefined,
  };
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ errorText: errorId }}>
      <FieldLabel required={required}>{label}</FieldLabel>
      <NativeSelect.Root>
        <NativeSelect.Field {...input} onChange={(e) => changed(e.target.value)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

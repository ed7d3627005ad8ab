import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, NativeSelect } from 'shared-kernel/ui';
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
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ errorText: errorId }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => changed(e.target.value)}
          onBlur={field.onBlur}
          aria-errormessage={error ? errorId : undefined}
        >
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

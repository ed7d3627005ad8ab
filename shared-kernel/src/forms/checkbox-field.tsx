import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox, Field, Flex, RequiredMark } from 'shared-kernel/ui';
import { useBoundField } from './use-bound-field';

export interface CheckboxFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  /** Shown beside the box, outside its label (a link that must not tick the box). */
  children?: ReactNode;
  /** The box must be ticked (terms, an agreement): marked like every required field. */
  required?: boolean;
}

/** A checkbox of the enclosing <Form> holding a boolean. */
export function CheckboxField<T extends FieldValues = FieldValues>({ name, label, children, required }: CheckboxFieldProps<T>) {
  const { field, error, errorId, changed } = useBoundField<T>(name);
  const hiddenInput = { ref: field.ref, onBlur: field.onBlur, 'aria-errormessage': error ? errorId : undefined };
  const checked = field.value === true;
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={{ errorText: errorId }}>
      <Flex gap={2} align="center" wrap="wrap">
        <Checkbox.Root name={field.name} checked={checked} onCheckedChange={(d) => changed(d.checked === true)} colorPalette="brand">
          <Checkbox.HiddenInput {...hiddenInput} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
        {/* Outside the box's label (the root is one), so its name stays the label. */}
        {required ? <RequiredMark /> : null}
        {children}
      </Flex>
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

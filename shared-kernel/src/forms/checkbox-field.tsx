import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox, Field, Flex } from 'shared-kernel/ui';
import { useBoundField } from './use-bound-field';

export interface CheckboxFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  /** Shown beside the box, outside its label (a link that must not tick the box). */
  children?: ReactNode;
}

/** A checkbox of the enclosing <Form> holding a boolean. */
export function CheckboxField<T extends FieldValues = FieldValues>({ name, label, children }: CheckboxFieldProps<T>) {
  const { field, error, errorId, changed } = useBoundField<T>(name);
  return (
    <Field.Root invalid={Boolean(error)} ids={{ errorText: errorId }}>
      <Flex gap={2} align="center" wrap="wrap">
        <Checkbox.Root name={field.name} checked={field.value === true} onCheckedChange={(d) => changed(d.checked === true)} colorPalette="brand">
          <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} aria-errormessage={error ? errorId : undefined} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
        {children}
      </Flex>
      <Field.ErrorText data-testid={`error-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

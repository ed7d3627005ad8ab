import type { ReactNode } from 'react';
import { messages } from 'shared-kernel/messages';
import { Field, Flex, Span } from './chakra';

/**
 * The platform's one mark of a required field (issue 25: forms marked them three ways): a red
 * asterisk right after the label, 'Kohustuslik' as its tooltip. Hidden from assistive technology,
 * which hears the control's own `required` (or `aria-required`) instead. It stands beside the
 * label element, not in it, so the label's text and the control's accessible name stay the label.
 */
export function RequiredMark() {
  return (
    <Span aria-hidden="true" title={messages.validation.required} color="red.700" ms="1" data-required-mark="">
      *
    </Span>
  );
}

/**
 * A field's label with the required mark after it when `required` (inside a Chakra `Field.Root`,
 * whose `required` gives the control its `required`). FormField and SelectField use it; so does
 * every hand-built field.
 */
export function FieldLabel({ children, required }: { children: ReactNode; required?: boolean }) {
  if (!required) return <Field.Label>{children}</Field.Label>;
  return (
    <Flex align="baseline">
      <Field.Label>{children}</Field.Label>
      <RequiredMark />
    </Flex>
  );
}

import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { useFormContext } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import { Flex, IconButton, Text } from 'shared-kernel/ui';
import { bookingTexts } from '../../../messages/et';
import { stepValue } from '../model/instant-book-form';

const t = bookingTexts.instantBook;

/** A whole-number stepper of the enclosing <Form>: minus stops at 0, plus at `max` (spec 5). */
export function StepperField<T extends FieldValues>({ name, label, max }: { name: FieldPath<T>; label: string; max: number }) {
  const { control } = useFormContext<T>();
  const { field } = useController<T>({ control, name });
  const value = Number(field.value ?? 0);
  const set = (delta: number) => field.onChange(stepValue(value, delta, max));
  return (
    <Flex role="group" aria-label={label} align="center" gap={2}>
      <Text minW="16" fontWeight="semibold">
        {label}
      </Text>
      <IconButton size="sm" variant="outline" aria-label={format(t.less, { label })} disabled={value <= 0} onClick={() => set(-1)}>
        −
      </IconButton>
      <Text as="output" minW="8" textAlign="center" aria-label={label} data-testid={`stepper-${name}`}>
        {value}
      </Text>
      <IconButton size="sm" variant="outline" aria-label={format(t.more, { label })} disabled={value >= max} onClick={() => set(1)}>
        +
      </IconButton>
    </Flex>
  );
}

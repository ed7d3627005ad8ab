import { useState } from 'react';
import { FormField, useFormContext, useWatch } from 'shared-kernel/forms';
import { Box, Button, CloseButton, Field, Flex, HStack, Input, SimpleGrid, Stack, Text } from 'shared-kernel/ui';
import { weekdayLetter, WEEKDAYS_MONDAY_FIRST, type Weekday } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { ownerTexts } from '../../messages/et';
import type { ProductFormValues } from './model/product-form-model';

const t = ownerTexts.wizard;

/** Toggling a weekday adds or removes it, kept in Monday-first order. */
export function toggleDay(days: readonly Weekday[], day: Weekday): Weekday[] {
  const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
  return WEEKDAYS_MONDAY_FIRST.filter((d) => next.includes(d));
}

/** Rest dates are de-duplicated (spec 5) and kept sorted. */
export function addVacationDay(days: readonly string[], day: string): string[] {
  return [...new Set([...days, day])].sort();
}

/** Rent days as toggle buttons, the daily hours and the vacation days (both wizards). */
export function TimeFields() {
  const form = useFormContext<ProductFormValues>();
  const [rentDays, vacationDays] = useWatch<ProductFormValues, ['rentDays', 'vacationDays']>({ name: ['rentDays', 'vacationDays'] });
  const [day, setDay] = useState('');
  const setDays = (value: Weekday[]) => form.setValue('rentDays', value, { shouldDirty: true });
  const setVacation = (value: string[]) => form.setValue('vacationDays', value, { shouldDirty: true });
  return (
    <Stack gap={5}>
      <Box role="group" aria-label={t.rentDays}>
        <Text fontWeight="semibold" mb={2}>
          {t.rentDays}
        </Text>
        <HStack gap={1} wrap="wrap">
          {WEEKDAYS_MONDAY_FIRST.map((d) => {
            const on = rentDays.includes(d);
            return (
              <Button
                key={d}
                size="sm"
                minW="10"
                aria-pressed={on}
                variant={on ? 'solid' : 'outline'}
                colorPalette="brand"
                onClick={() => setDays(toggleDay(rentDays, d))}
              >
                {weekdayLetter(d)}
              </Button>
            );
          })}
        </HStack>
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <TimeInput name="startTs" label={t.startTs} />
        <TimeInput name="endTs" label={t.endTs} />
      </SimpleGrid>
      <Box>
        <Text fontWeight="semibold" mb={2}>
          {t.vacationDays}
        </Text>
        <Flex gap={2} align="end" wrap="wrap">
          <Field.Root maxW="xs">
            <Field.Label>{t.vacationDay}</Field.Label>
            {/* eslint-disable-next-line rendime/no-hand-rolled-form-state -- a picker, not a field: its date is added to the form's vacationDays by the button, and the form submits that list */}
            <Input type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          </Field.Root>
          <Button
            variant="outline"
            disabled={!/^\d{4}-\d{2}-\d{2}$/.test(day)}
            onClick={() => {
              setVacation(addVacationDay(vacationDays, day));
              setDay('');
            }}
          >
            {t.addVacationDay}
          </Button>
        </Flex>
        <Stack as="ul" listStyleType="none" gap={1} mt={2} aria-label={t.vacationDays}>
          {vacationDays.map((d) => (
            <Flex as="li" key={d} align="center" gap={2}>
              <Text>{d.split('-').reverse().join('.')}</Text>
              <CloseButton
                size="xs"
                aria-label={format(t.removeVacationDay, { date: d.split('-').reverse().join('.') })}
                onClick={() => setVacation(vacationDays.filter((x) => x !== d))}
              />
            </Flex>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

function TimeInput({ name, label }: { name: 'startTs' | 'endTs'; label: string }) {
  // FormField has no 'time' type; the daily hours are typed 'HH:mm' like the spec shows them.
  return (
    <FormField<ProductFormValues>
      name={name}
      label={label}
      placeholder="TT:MM"
      maxLength={5}
      required
      revalidates={name === 'startTs' ? ['endTs'] : []}
    />
  );
}

import type { ReactNode } from 'react';
import { Field, Flex, Input, NativeSelect } from 'shared-kernel/ui';
import { useFormContext, useFormState, useWatch } from 'shared-kernel/forms';
import { hourOptions, type PeriodValues } from './period-form';
import { periodTexts } from '../../messages/period';

/**
 * A labelled field of a form with its message under it. minW 0: a flex item is otherwise as wide
 * as its content, and two date inputs side by side are wider than the search page's 320 px panel.
 */
export function FormFieldBox({
  name,
  label,
  flex = '1 1 8rem',
  children,
}: {
  name: string;
  label: string;
  flex?: string;
  children: ReactNode;
}) {
  const { errors } = useFormState();
  const error = errors[name]?.message;
  const message = typeof error === 'string' ? error : undefined;
  return (
    <Field.Root flex={flex} minW={0} invalid={Boolean(message)} ids={{ errorText: errorTextId(name) }}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText data-testid={`error-${name}`}>{message}</Field.ErrorText>
    </Field.Root>
  );
}

const errorTextId = (name: string) => `period-${name}-error`;

/** A date input shows its whole 'pp.kk.aaaa' and picker button from 10rem: narrower, two share no row. */
const DATE_FLEX = '1 1 10rem';

/**
 * The period's inputs, in a form holding `PeriodValues` (issue 32): 'Rendin' days or hours, then
 * the days from–to or one day and its hours. One wrapping row: side by side where there is room
 * (the front page's hero), one under another in the search page's narrow panel. `describedBy`: the
 * id of a hint every field is described by (the search page's 'only free products' line).
 */
export function PeriodInputs({ today, describedBy }: { today: string; describedBy?: string }) {
  const t = periodTexts;
  const { register } = useFormContext<PeriodValues>();
  const [mode, fromDay, fromHour, toHour] = useWatch<PeriodValues, ['mode', 'fromDay', 'fromHour', 'toHour']>({
    name: ['mode', 'fromDay', 'fromHour', 'toHour'],
  });
  const hours = { fromHour, toHour };
  const { errors } = useFormState<PeriodValues>();
  // An own aria-describedby replaces Chakra's (the field's message): name both, hint first.
  const describe = (name: keyof PeriodValues) =>
    describedBy ? [describedBy, ...(errors[name] ? [errorTextId(name)] : [])].join(' ') : undefined;
  const select = (name: 'mode' | 'fromHour' | 'toHour', label: string, options: ReactNode) => (
    <NativeSelect.Root>
      <NativeSelect.Field {...register(name)} aria-label={label} aria-describedby={describe(name)}>
        {options}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const hourSelect = (name: 'fromHour' | 'toHour', label: string) => (
    <FormFieldBox name={name} label={label}>
      {select(
        name,
        label,
        <>
          <option value="">—</option>
          {hourOptions(hours[name]).map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </>,
      )}
    </FormFieldBox>
  );
  return (
    <Flex gap={2} wrap="wrap" data-testid="period-inputs">
      <FormFieldBox name="mode" label={t.modeLabel} flex={DATE_FLEX}>
        {select(
          'mode',
          t.modeLabel,
          <>
            <option value="days">{t.modeDays}</option>
            <option value="hours">{t.modeHours}</option>
          </>,
        )}
      </FormFieldBox>
      {mode === 'hours' ? (
        <>
          <FormFieldBox name="hourDay" label={t.hourDayLabel} flex={DATE_FLEX}>
            <Input type="date" min={today} aria-describedby={describe('hourDay')} {...register('hourDay')} />
          </FormFieldBox>
          {hourSelect('fromHour', t.fromHourLabel)}
          {hourSelect('toHour', t.toHourLabel)}
        </>
      ) : (
        <>
          <FormFieldBox name="fromDay" label={t.fromDayLabel} flex={DATE_FLEX}>
            <Input type="date" min={today} aria-describedby={describe('fromDay')} {...register('fromDay', { deps: ['toDay'] })} />
          </FormFieldBox>
          <FormFieldBox name="toDay" label={t.toDayLabel} flex={DATE_FLEX}>
            <Input type="date" min={fromDay || today} aria-describedby={describe('toDay')} {...register('toDay')} />
          </FormFieldBox>
        </>
      )}
    </Flex>
  );
}

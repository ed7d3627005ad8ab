import { useMemo } from 'react';
import { useController } from 'react-hook-form';
import { CheckboxField, SelectField, useFormContext, useWatch } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import { Grid, Stack } from 'shared-kernel/ui';
import { bookingTexts } from '../../messages/et';
import { MonthCalendar } from './month-calendar';
import { calendarProduct, endHourOptions, offersHourly, startHourOptions, type PickProduct, type PickValues } from './pick-model';

const t = bookingTexts.panel;

const hourOption = (h: number) => ({ value: String(h), label: format(t.hourValue, { hour: String(h).padStart(2, '0') }) });

/**
 * The date pick of an enclosing <Form> whose values include PickValues: the calendar, and the
 * hourly mode (one day and an hour range) when the product has an hourly price.
 */
export function BookingPickFields({ product, today }: { product: PickProduct; today: string }) {
  const { control } = useFormContext<PickValues>();
  const start = useController({ control, name: 'startD' });
  const end = useController({ control, name: 'endD' });
  const [hourly, startH] = useWatch({ control, name: ['hourly', 'startH'] });
  const calendar = useMemo(() => calendarProduct(product), [product]);
  const hourlyMode = hourly && offersHourly(product);

  // The day's own hours: the spring DST night has no 03:00.
  const pickedDay = start.field.value;
  const startHours = useMemo(() => startHourOptions(product, pickedDay).map(hourOption), [product, pickedDay]);
  const startNumber = startH === '' ? undefined : Number(startH);
  const endHours = useMemo(() => endHourOptions(product, startNumber, pickedDay).map(hourOption), [product, startNumber, pickedDay]);

  return (
    <Stack gap={3}>
      <MonthCalendar
        product={calendar}
        today={today}
        single={hourlyMode}
        value={{ start: start.field.value, end: hourlyMode ? '' : end.field.value }}
        onChange={(pick) => {
          start.field.onChange(pick.start);
          end.field.onChange(pick.end);
        }}
      />
      {offersHourly(product) ? (
        <>
          <CheckboxField<PickValues> name="hourly" label={t.hourly} />
          {hourlyMode ? (
            <Grid templateColumns="1fr 1fr" gap={3}>
              <SelectField<PickValues> name="startH" label={t.startHour} options={startHours} placeholder="—" required />
              <SelectField<PickValues> name="endH" label={t.endHour} options={endHours} placeholder="—" required />
            </Grid>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

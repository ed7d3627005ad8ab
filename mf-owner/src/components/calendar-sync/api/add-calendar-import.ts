import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CalendarImport, type NewCalendarImport } from 'shared-kernel/schemas';
import { calendarImportsQueryKey } from '../model/calendar-scope';

/** Follows an outside calendar; the answer has it being read (`pending`), the list then polls for the read. */
export function addCalendarImport({ productId, body }: { productId: number; body: NewCalendarImport }): Promise<CalendarImport> {
  return getApi().post(`/products/${productId}/calendar-imports`, { body, schema: CalendarImport });
}

export function addCalendarImportMutationOptions() {
  return mutationOptions({
    mutationFn: addCalendarImport,
    onSuccess: (_row, { productId }, _result, { client }) => client.invalidateQueries({ queryKey: calendarImportsQueryKey(productId) }),
  });
}

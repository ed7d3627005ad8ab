import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CalendarImport } from 'shared-kernel/schemas';
import { calendarImportsQueryKey } from '../model/calendar-scope';

/** Asks to read a followed calendar now instead of at the next half hour; the answer has it being read. */
export function refreshCalendarImport({ productId, importId }: { productId: number; importId: number }): Promise<CalendarImport> {
  return getApi().post(`/products/${productId}/calendar-imports/${importId}/refresh`, { schema: CalendarImport });
}

export function refreshCalendarImportMutationOptions() {
  return mutationOptions({
    mutationFn: refreshCalendarImport,
    onSuccess: (_row, { productId }, _result, { client }) => client.invalidateQueries({ queryKey: calendarImportsQueryKey(productId) }),
  });
}

import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OkResponse } from 'shared-kernel/schemas';
import { calendarImportsQueryKey } from '../model/calendar-scope';

/** Stops following a calendar; the time it held is free again. */
export function removeCalendarImport({ productId, importId }: { productId: number; importId: number }): Promise<OkResponse> {
  return getApi().delete(`/products/${productId}/calendar-imports/${importId}`, { schema: OkResponse });
}

export function removeCalendarImportMutationOptions() {
  return mutationOptions({
    mutationFn: removeCalendarImport,
    onSuccess: (_ok, { productId }, _result, { client }) => client.invalidateQueries({ queryKey: calendarImportsQueryKey(productId) }),
  });
}

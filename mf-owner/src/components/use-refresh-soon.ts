import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from 'shared-kernel/domain';
import { myProductsQueryKey } from '../api/get-my-products';

/**
 * Spec: after a removal or restore the page reloads after 1.5 s, so the notice is read before the
 * product moves tabs. Here the owner's lists read again instead of reloading the whole page.
 */
export function useRefreshSoon(): () => void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: myProductsQueryKey });
    }, TIMINGS.reloadAfterSuccessMs);
  };
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorFallback, Loader } from 'shared-kernel/ui';
import { isApiError } from 'shared-kernel/api';
import { bookingTexts } from '../messages/et';

/** A query's loading and failure states in one place; `children` renders its data. A 404 (or a malformed key, 400) shows `notFound` when given. */
export function QueryView<T>({ query, children, notFound }: { query: UseQueryResult<T>; children: (data: T) => ReactNode; notFound?: string }) {
  if (query.isPending) return <Loader minH={24} />;
  if (query.isError) {
    if (notFound && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) return <ErrorFallback title={notFound} message="" />;
    return <ErrorFallback message={bookingTexts.flowCommon.loadFailed} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

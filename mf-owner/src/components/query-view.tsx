import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorFallback, Loader } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';

/** A query's loading and failure states in one place; `children` renders its data. */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loader minH={24} />;
  if (query.isError) return <ErrorFallback message={messages.common.loadFailed} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

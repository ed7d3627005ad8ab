import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import { ErrorFallback } from './error-fallback';
import { Loader } from './loading-overlay';

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** Renders the loaded data. */
  children: (data: T) => ReactNode;
  /** Shown instead of the retry fallback when the thing is not there (404, or a malformed key: 400). */
  notFound?: string;
  /** The failure text (the kernel's "loading failed" unless the slice has its own). */
  failedText?: string;
}

/** A query's loading and failure states in one place; `children` renders its data. */
export function QueryView<T>({ query, children, notFound, failedText = messages.common.loadFailed }: QueryViewProps<T>) {
  if (query.isPending) return <Loader minH={24} />;
  if (query.isError) {
    if (notFound && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <ErrorFallback title={notFound} message="" />;
    return <ErrorFallback message={failedText} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

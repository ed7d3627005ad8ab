import type { QueryClient } from '@tanstack/react-query';
import { contractsQueryKey } from './get-contracts';
import { extensionsQueryKey } from './get-extensions';

/** After a step: the extension lists, and the contracts (a paid extension moves the end and the total). */
export async function refreshExtensionViews(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: extensionsQueryKey }),
    client.invalidateQueries({ queryKey: contractsQueryKey }),
  ]);
}

import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getPlatformQueryClient } from '../platform/query-client';
import { platformSystem } from './system';

export interface PlatformProviderProps {
  children: ReactNode;
  /** Tests pass a fresh client; everything else shares the page's one (see getPlatformQueryClient). */
  queryClient?: QueryClient;
}

/** The providers every slice and the shell render inside: the Chakra system and the page's query client. */
export function PlatformProvider({ children, queryClient }: PlatformProviderProps) {
  return (
    <QueryClientProvider client={queryClient ?? getPlatformQueryClient()}>
      <ChakraProvider value={platformSystem()}>{children}</ChakraProvider>
    </QueryClientProvider>
  );
}

import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getPlatformQueryClient } from '../platform/query-client';
import { platformSystem } from './system';

export interface PlatformProviderProps {
  children: ReactNode;
  /** Tests pass a fresh client; everything else shares the page's one (see getPlatformQueryClient). */
  queryClient?: QueryClient;
  /**
   * Whether this root renders Chakra's global styles (reset, tokens, layers). By default every
   * root does, unless a host said it renders them for the page (hostGlobalStyles).
   */
  globalStyles?: boolean;
}

let hostRendersGlobals = false;

/**
 * The page's host (the shell) renders Chakra's global styles in one root of its own, which lives
 * as long as the page: every other PlatformProvider on the page (a slice's root, a loading status,
 * a widget) then provides the system without them. Each root rendered them again otherwise: Emotion
 * serialises and inserts a global style block per root, about 28 KB of CSS each time, in each
 * root's first commit (issue 28: the largest part of the status view's and the slices' first
 * renders). A slice on its own (standalone, the owner widget on a host page) still renders them.
 */
export function hostGlobalStyles(): void {
  hostRendersGlobals = true;
}

let withoutGlobals: SystemContext | undefined;
/** The same system, for a root whose page already has its global styles: ChakraProvider renders none. */
function systemWithoutGlobals(): SystemContext {
  const system = platformSystem();
  // Not a spread: that would read `_global`, which the platform's build computes on first read only
  // (infra/build/chakra-start-loader.cjs); a root without globals never needs them.
  withoutGlobals ??= Object.create(system, {
    _global: { value: [], enumerable: true },
    _config: { value: { ...system._config, disableLayers: true }, enumerable: true },
  }) as SystemContext;
  return withoutGlobals;
}

/** The providers every slice and the shell render inside: the Chakra system and the page's query client. */
export function PlatformProvider({ children, queryClient, globalStyles }: PlatformProviderProps) {
  const system = (globalStyles ?? !hostRendersGlobals) ? platformSystem() : systemWithoutGlobals();
  return (
    <QueryClientProvider client={queryClient ?? getPlatformQueryClient()}>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </QueryClientProvider>
  );
}

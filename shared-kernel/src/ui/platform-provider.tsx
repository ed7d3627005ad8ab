import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system';

export interface PlatformProviderProps {
  children: ReactNode;
}

/** The providers every slice and the shell render inside (today: the Chakra system). */
export function PlatformProvider({ children }: PlatformProviderProps) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

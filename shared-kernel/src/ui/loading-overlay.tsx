import type { ReactNode } from 'react';
import { messages } from 'shared-kernel/messages';
import { Box, Flex, Spinner, Text, type BoxProps } from './chakra';
import { useDelayedLoading } from './use-delayed-loading';

export interface LoadingOverlayProps extends Omit<BoxProps, 'children'> {
  loading: boolean;
  children?: ReactNode;
  /** The spinner's accessible name; default 'Laadin...'. */
  label?: string;
  /** Also writes the label beside the spinner. */
  showLabel?: boolean;
  spinnerSize?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/**
 * The platform's one loading indicator: children stay rendered underneath, and the overlay follows
 * `useDelayedLoading` (appears after 333 ms of loading, then stays at least 500 ms), so a fast
 * load shows nothing and a slow one does not flicker. Size the box (minH) where children may be empty.
 */
export function LoadingOverlay({
  loading,
  children,
  label = messages.common.loading,
  showLabel = false,
  spinnerSize = 'md',
  ...box
}: LoadingOverlayProps) {
  const visible = useDelayedLoading(loading);
  return (
    <Box position="relative" aria-busy={loading || visible} {...box}>
      {children}
      {visible ? (
        <Flex
          position="absolute"
          inset={0}
          zIndex={1}
          align="center"
          justify="center"
          gap={2}
          bg="whiteAlpha.700"
          role="status"
          data-testid="loading-overlay"
        >
          <Spinner size={spinnerSize} aria-label={showLabel ? undefined : label} />
          {showLabel ? <Text>{label}</Text> : null}
        </Flex>
      ) : null}
    </Box>
  );
}

export type LoaderProps = Omit<LoadingOverlayProps, 'loading' | 'children'>;

/** Stands in for content that is not there yet (a Suspense fallback, a page's first load), with the same delay. */
export function Loader(props: LoaderProps) {
  return <LoadingOverlay loading {...props} />;
}

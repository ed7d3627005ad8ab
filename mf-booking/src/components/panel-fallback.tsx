import { messages } from 'shared-kernel/messages';
import { Box, Loader } from 'shared-kernel/ui';

/**
 * What a booking panel of its own file shows while it loads: the same busy box, of the same height,
 * as the product page's widget slot shows before the widget (its `loadingMinH`). An empty
 * fallback let the page below jump up and back, and could bring the location map into range.
 */
export function PanelFallback() {
  return (
    <Box minH="24rem" aria-busy data-testid="booking-panel-loading">
      <Loader minH={8} label={messages.shell.loading} />
    </Box>
  );
}

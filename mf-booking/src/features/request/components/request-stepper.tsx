import { Box, Button, HStack } from 'shared-kernel/ui';
import { bookingTexts } from '../../../messages/et';

/** The two steps; the second opens only once the rent is active. */
export function RequestStepper({ step, reached, onSelect }: { step: 0 | 1; reached: 0 | 1; onSelect: (step: 0 | 1) => void }) {
  return (
    <HStack as="ol" listStyleType="none" p={0} gap={2} mb={6} aria-label={bookingTexts.request.title}>
      {bookingTexts.request.steps.map((label, index) => (
        <Box as="li" key={label}>
          <Button
            size="sm"
            variant={index === step ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-current={index === step ? 'step' : undefined}
            disabled={index > reached}
            onClick={() => onSelect(index as 0 | 1)}
          >
            {`${index + 1}. ${label}`}
          </Button>
        </Box>
      ))}
    </HStack>
  );
}

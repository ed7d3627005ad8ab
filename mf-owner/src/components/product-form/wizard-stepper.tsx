import { Box, Button, Flex } from 'shared-kernel/ui';

export interface WizardStepperProps {
  steps: readonly string[];
  current: number;
  /** Edit: steps are chosen by click. Add: shown only. */
  onSelect?: (index: number) => void;
  label: string;
}

/** The wizard's steps in a row; the current one is marked for screen readers too. */
export function WizardStepper({ steps, current, onSelect, label }: WizardStepperProps) {
  return (
    <Flex as="ol" aria-label={label} gap={2} wrap="wrap" listStyleType="none" mb={6}>
      {steps.map((step, index) => (
        <Box as="li" key={step} aria-current={index === current ? 'step' : undefined}>
          {onSelect ? (
            <Button size="sm" variant={index === current ? 'solid' : 'outline'} colorPalette="brand" onClick={() => onSelect(index)}>
              {`${index + 1}. ${step}`}
            </Button>
          ) : (
            <Box
              px={3}
              py={1}
              borderRadius="full"
              bg={index === current ? 'brand.solid' : 'gray.100'}
              color={index === current ? 'white' : 'gray.700'}
              fontWeight={index === current ? 'semibold' : 'normal'}
            >
              {`${index + 1}. ${step}`}
            </Box>
          )}
        </Box>
      ))}
    </Flex>
  );
}

import type { PaymentMethod } from '../schemas/payment';
import { Box, Button, Image, SimpleGrid, Text } from './chakra';
import { messages } from 'shared-kernel/messages';

export interface BankPickerProps {
  methods: readonly PaymentMethod[];
  /** The chosen bank's code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  /** The field's error (e.g. 'Vali pank.'), shown under the banks. */
  error?: string;
  disabled?: boolean;
  /** Accessible name of the group; 'Pank' by default. */
  label?: string;
  /** A bank must be chosen: said to assistive technology (the visible mark is the caller's label's). */
  required?: boolean;
}

/**
 * The banks of the payment-initiation provider as one radio group of logo buttons (the user
 * expects to see the bank's logo, not a select). Controlled, so react-hook-form owns the value.
 */
export function BankPicker({ methods, value, onChange, error, disabled, label = messages.payment.banksLabel, required }: BankPickerProps) {
  return (
    <Box>
      <SimpleGrid
        role="radiogroup"
        aria-label={label}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        columns={{ base: 2, sm: 3 }}
        gap="2"
      >
        {methods.map((method) => {
          const checked = method.code === value;
          return (
            <Button
              key={method.code}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={method.name}
              disabled={disabled}
              variant={checked ? 'solid' : 'outline'}
              colorPalette={checked ? 'brand' : 'gray'}
              height="14"
              onClick={() => onChange(method.code)}
            >
              <Image src={method.logoUrl} alt="" maxH="8" maxW="24" objectFit="contain" />
            </Button>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text role="alert" color="red.600" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

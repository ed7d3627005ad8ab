import { useQuery } from '@tanstack/react-query';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { paymentMethodsQueryOptions } from 'shared-kernel/api/bank-link';
import { useFormContext } from 'shared-kernel/forms';
import { messages } from 'shared-kernel/messages';
import { BankPicker, Box, Loader, RequiredMark, Text } from 'shared-kernel/ui';

/**
 * The bank of an enclosing <Form> (the kernel's picker, a radio group 'Pank'). The bank list needs
 * a signed-in caller, so the form asks for it only when the user may pay.
 */
export function BankField<T extends FieldValues>({ name, enabled, label }: { name: FieldPath<T>; enabled: boolean; label: string }) {
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ control, name });
  const banks = useQuery({ ...paymentMethodsQueryOptions(), enabled });
  if (!enabled) return null;
  return (
    <Box>
      <Text fontWeight="semibold" mb={2}>
        {label}
        <RequiredMark />
      </Text>
      {banks.data ? (
        <BankPicker
          methods={banks.data}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          error={fieldState.error?.message}
          required
        />
      ) : banks.isError ? (
        <Text role="alert" color="red.600">
          {messages.payment.banksLoadFailed}
        </Text>
      ) : (
        <Loader label={label} />
      )}
    </Box>
  );
}

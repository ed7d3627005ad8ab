import { useMutation } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { Form, FormError, FormField, FORM_ERROR, serverError, useWatch, useZodForm } from 'shared-kernel/forms';
import { format } from 'shared-kernel/messages';
import type { Contract } from 'shared-kernel/schemas';
import { formatTallinn } from 'shared-kernel/time';
import { Box, Button, HStack, Text } from 'shared-kernel/ui';
import { bookingTexts } from '../../../messages/et';
import { requestExtensionMutationOptions } from '../api/request-extension';
import { extensionFormSchema, newEndOf, type ExtensionFormValues } from '../model/extension-form';

const t = bookingTexts.extensions;

/** The renter's request for a new end: whole days, or whole hours on an hourly rental; the server checks and prices it. */
export function ExtensionForm({ contract, onClose }: { contract: Contract; onClose: (sent: boolean) => void }) {
  const send = useMutation(requestExtensionMutationOptions());
  const form = useZodForm(extensionFormSchema(contract.hourly), { defaultValues: { units: '1' } });
  const units = useWatch({ control: form.control, name: 'units' });
  const newEnd = newEndOf(contract.endTs, contract.hourly, units ?? '');

  const submit = async ({ units: n }: { units: number }) => {
    const endTs = newEndOf(contract.endTs, contract.hourly, String(n));
    if (!endTs) return;
    try {
      await send.mutateAsync({ contractId: contract.id, endTs });
      onClose(true);
    } catch (error) {
      // The server's refusal is already in Estonian (UNAVAILABLE, a vacation day, the rent hours...).
      form.setError(FORM_ERROR, serverError(isApiError(error) && error.message ? error.message : t.failed));
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p={3} mt={2} data-testid="extension-form">
      <Form form={form} onSubmit={submit} aria-label={t.formTitle}>
        <Text fontWeight="bold" mb={1}>
          {t.formTitle}
        </Text>
        <Text fontSize="sm" mb={2}>
          {format(t.rule, { end: formatTallinn(contract.endTs) })}
        </Text>
        <FormField<ExtensionFormValues>
          name="units"
          label={contract.hourly ? t.hours : t.days}
          required
          inputMode="numeric"
          maxLength={3}
        />
        {newEnd ? (
          <Text mt={2} data-testid="extension-new-end">
            {format(t.newEnd, { end: formatTallinn(newEnd) })}
          </Text>
        ) : null}
        <FormError testId="extension-error" />
        <HStack gap={2} mt={2}>
          <Button type="submit" size="sm" colorPalette="green" loading={send.isPending}>
            {t.send}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => onClose(false)}>
            {t.close}
          </Button>
        </HStack>
      </Form>
    </Box>
  );
}

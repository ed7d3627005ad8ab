import { useFieldArray } from 'react-hook-form';
import { FormField, useFormContext, useWatch } from 'shared-kernel/forms';
import { Box, Button, Flex, IconButton, SimpleGrid, Stack, Text } from 'shared-kernel/ui';
import { SERVICE_FEE_BP } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { ownerTexts } from '../../messages/et';
import { emptyServiceRow, serviceRowComplete, type Owner, type ProductFormValues, type ServiceRow } from './model/product-form-model';
import { VatNote } from './vat-note';

const t = ownerTexts.wizard;

export interface ServicesFieldsProps {
  /** A VAT-liable owner types service prices with VAT, as every other price. */
  owner: Owner;
  /** Edit: a row is saved on its own; the button shows only when name and cost are filled. */
  onSave?: (row: ServiceRow, index: number) => void;
  /** Edit: also removes it from the server when it has an id. */
  onDelete?: (row: ServiceRow, index: number) => Promise<void> | void;
  busy?: boolean;
}

/** Additional service rows (spec 4, 5): a new empty row only when the last one has a name and a cost. */
export function ServicesFields({ owner, onSave, onDelete, busy }: ServicesFieldsProps) {
  const form = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray<ProductFormValues, 'services'>({ name: 'services' });
  const rows = useWatch<ProductFormValues, 'services'>({ name: 'services' });
  const canAdd = rows.length === 0 || serviceRowComplete(rows[rows.length - 1]);
  return (
    <Stack gap={4}>
      <VatNote owner={owner} />
      <Text color="gray.600" data-testid="service-fee-note">
        {format(t.serviceFeeNote, { percent: SERVICE_FEE_BP.additionalServices / 100 })}
      </Text>
      {fields.length === 0 ? <Text color="gray.600">{t.services}</Text> : null}
      {fields.map((field, index) => {
        const row = rows[index];
        return (
          <Box key={field.id} role="group" aria-label={`${t.services} ${index + 1}`} borderWidth="1px" borderRadius="md" p={3}>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
              <FormField<ProductFormValues> name={`services.${index}.name`} label={t.serviceName} />
              <FormField<ProductFormValues> name={`services.${index}.additionalInfo`} label={t.serviceInfo} />
              <FormField<ProductFormValues> name={`services.${index}.cost`} label={t.serviceCost} inputMode="numeric" />
            </SimpleGrid>
            <Flex gap={2} mt={2} justify="end">
              {onSave && serviceRowComplete(row) ? (
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={busy}
                  onClick={() => {
                    void form.trigger(`services.${index}`).then((ok) => ok && onSave(form.getValues(`services.${index}`), index));
                  }}
                >
                  {t.saveService}
                </Button>
              ) : null}
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t.removeService}
                onClick={() => {
                  const current = form.getValues(`services.${index}`);
                  if (onDelete) void Promise.resolve(onDelete(current, index)).finally(() => remove(index));
                  else remove(index);
                }}
              >
                ✕
              </IconButton>
            </Flex>
          </Box>
        );
      })}
      {canAdd ? (
        <Button variant="outline" alignSelf="start" onClick={() => append(emptyServiceRow())}>
          {t.addService}
        </Button>
      ) : null}
    </Stack>
  );
}

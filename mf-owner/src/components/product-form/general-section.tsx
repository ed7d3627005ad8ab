import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Box, Field, FieldLabel, Heading, NativeSelect, SimpleGrid, Stack } from 'shared-kernel/ui';
import { Accordion } from 'shared-kernel/overlays';
import { useController } from 'react-hook-form';
import { CheckboxField, FormField, SelectField, useFormContext, useWatch } from 'shared-kernel/forms';
import { technicalFieldsFor, type TechnicalFieldSpec } from 'shared-kernel/domain';
import { ownerTexts } from '../../messages/et';
import { categoriesQueryOptions } from './api/get-categories';
import { VatNote } from './vat-note';
import { categoryOptions, PRICE_TIERS, type Owner, type ProductFormValues } from './model/product-form-model';

const t = ownerTexts.wizard;

/** Name, categories and description: the first fields of both wizards. */
export function DescriptionFields() {
  const categories = useQuery(categoriesQueryOptions());
  const parentId = useWatch<ProductFormValues, 'parentCategoryId'>({ name: 'parentCategoryId' });
  const all = categories.data ?? [];
  return (
    <Stack gap={4}>
      <FormField<ProductFormValues> name="name" label={t.name} required />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <ParentCategorySelect options={categoryOptions(all, null)} />
        <SelectField<ProductFormValues>
          name="categoryId"
          label={t.childCategory}
          placeholder={t.choose}
          options={parentId ? categoryOptions(all, Number(parentId)) : []}
          required
        />
      </SimpleGrid>
      <FormField<ProductFormValues> name="description" label={t.description} multiline required />
    </Stack>
  );
}

/** The parent category: choosing another one clears the child (it belonged to the old parent). */
function ParentCategorySelect({ options }: { options: { value: string; label: string }[] }) {
  const form = useFormContext<ProductFormValues>();
  const { field, fieldState } = useController<ProductFormValues, 'parentCategoryId'>({ name: 'parentCategoryId' });
  const errorId = `${useId()}-error`;
  const input = {
    name: field.name,
    ref: field.ref,
    value: field.value,
    onBlur: field.onBlur,
    'aria-errormessage': fieldState.error ? errorId : undefined,
  };
  return (
    <Field.Root invalid={Boolean(fieldState.error)} required ids={{ errorText: errorId }}>
      <FieldLabel required>{t.parentCategory}</FieldLabel>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...input}
          onChange={(e) => {
            field.onChange(e.target.value);
            form.setValue('categoryId', '', { shouldDirty: true });
            form.setValue('technical', {}, { shouldDirty: true });
          }}
        >
          <option value="">{t.choose}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText data-testid="error-parentCategoryId">{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** Daily price, the optional tiers and the deposit, typed with VAT by a VAT-liable owner. */
export function PriceFields({ owner }: { owner: Owner }) {
  return (
    <Stack gap={3}>
      <Heading as="h3" size="md">
        {t.prices}
      </Heading>
      <VatNote owner={owner} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        <FormField<ProductFormValues> name="priceDaily" label={t.priceDaily} inputMode="numeric" required />
        <FormField<ProductFormValues> name="cost" label={t.deposit} inputMode="numeric" />
      </SimpleGrid>
      <Accordion.Root collapsible>
        <Accordion.Item value="tiers">
          <Accordion.ItemTrigger>
            {t.morePrices}
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
                {PRICE_TIERS.map((key) => (
                  <FormField<ProductFormValues> key={key} name={key} label={t[key]} inputMode="numeric" />
                ))}
              </SimpleGrid>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      </Accordion.Root>
    </Stack>
  );
}

const technicalLabel = (spec: TechnicalFieldSpec) => {
  const label = ownerTexts.technical[spec.key];
  return 'unit' in spec && spec.unit ? `${label} (${spec.unit})` : label;
};

/** The chosen category's technical fields (spec 3): selects for options, jah/ei for booleans. */
export function TechnicalFieldsSection() {
  const [categoryId, parentId] = useWatch<ProductFormValues, ['categoryId', 'parentCategoryId']>({
    name: ['categoryId', 'parentCategoryId'],
  });
  if (!categoryId) return null;
  const specs = technicalFieldsFor(Number(categoryId), Number(parentId) || null);
  return (
    <Box as="section" aria-label={t.technical} data-testid="technical-fields">
      <Heading as="h3" size="md" mb={3}>
        {t.technical}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        {specs.map((spec) => {
          const name = `technical.${spec.key}` as const;
          if (spec.kind === 'select')
            return (
              <SelectField<ProductFormValues>
                key={spec.key}
                name={name}
                label={technicalLabel(spec)}
                placeholder={t.choose}
                options={spec.options.map((o) => ({ value: o, label: o }))}
              />
            );
          if (spec.kind === 'boolean')
            return (
              <SelectField<ProductFormValues>
                key={spec.key}
                name={name}
                label={technicalLabel(spec)}
                placeholder={t.choose}
                options={[
                  { value: 'true', label: t.yes },
                  { value: 'false', label: t.no },
                ]}
              />
            );
          return (
            <FormField<ProductFormValues>
              key={spec.key}
              name={name}
              label={technicalLabel(spec)}
              inputMode={spec.kind === 'text' ? 'text' : 'numeric'}
            />
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

/** Business owners' extras (spec 6): product code, paid later, automatic approval with its text. */
export function BusinessExtras() {
  const approved = useWatch<ProductFormValues, 'automaticallyApproved'>({ name: 'automaticallyApproved' });
  return (
    <Box as="section" aria-label={t.business}>
      <Heading as="h3" size="md" mb={3}>
        {t.business}
      </Heading>
      <Stack gap={3}>
        <FormField<ProductFormValues> name="productCode" label={t.productCode} />
        <CheckboxField<ProductFormValues> name="paidLater" label={t.paidLater} />
        <CheckboxField<ProductFormValues> name="automaticallyApproved" label={t.automaticallyApproved} />
        {approved ? (
          <FormField<ProductFormValues> name="automaticallyApprovedTxt" label={t.automaticallyApprovedTxt} multiline rows={3} required />
        ) : null}
      </Stack>
    </Box>
  );
}

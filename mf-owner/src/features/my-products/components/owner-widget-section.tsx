import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Form, FormField, SelectField, useZodForm } from 'shared-kernel/forms';
import { OwnerWidgetSnippetOptions, ownerWidgetSnippet } from 'shared-kernel/schemas';
import { Box, Field, Heading, SimpleGrid, Stack, Text, Textarea } from 'shared-kernel/ui';
import { ownerTexts } from '../../../messages/et';
import { myProductsQueryOptions } from '../../../api/get-my-products';
import { categoriesQueryOptions } from '../../../components/product-form/api/get-categories';
import { CopyButton } from '../../../components/copy-button';
import { WIDGET_FORM_DEFAULTS, widgetCategoryOptions, type WidgetFormValues } from '../model/widget-options';

const t = ownerTexts.ownerWidget;

/**
 * A business owner's snippet for their own site (issue 17): layout, how many products and which
 * category, and the code to paste. The code is shown as text in a read-only box, never as HTML.
 */
export function OwnerWidgetSection({ ownerId }: { ownerId: number }) {
  const form = useZodForm(OwnerWidgetSnippetOptions, { mode: 'onChange', defaultValues: WIDGET_FORM_DEFAULTS });
  const values = useWatch({ control: form.control }) as WidgetFormValues;
  const products = useQuery(myProductsQueryOptions('all'));
  const categories = useQuery(categoriesQueryOptions());
  const categoryOptions = widgetCategoryOptions(products.data ?? [], categories.data ?? []);
  const parsed = OwnerWidgetSnippetOptions.safeParse(values);
  // The platform's origin as the owner's browser sees it: the loader comes from the same place.
  const snippet = parsed.success ? ownerWidgetSnippet(window.location.origin, ownerId, parsed.data) : '';

  return (
    <Box
      as="section"
      aria-labelledby="owner-widget-title"
      borderWidth="1px"
      borderRadius="lg"
      bg="white"
      p={4}
      mb={4}
      data-testid="owner-widget-section"
    >
      <Heading as="h2" id="owner-widget-title" size="md" mb={2}>
        {t.title}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb={3}>
        {t.intro}
      </Text>
      <Form form={form} onSubmit={() => undefined}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={3} mb={3}>
          <SelectField<WidgetFormValues>
            name="layout"
            label={t.layout}
            options={[
              { value: 'grid', label: t.layouts.grid },
              { value: 'list', label: t.layouts.list },
            ]}
          />
          <FormField<WidgetFormValues> name="limit" label={t.limit} inputMode="numeric" maxLength={3} required />
          <SelectField<WidgetFormValues> name="category" label={t.category} options={categoryOptions} />
        </SimpleGrid>
      </Form>
      <Stack gap={2}>
        <Field.Root>
          <Field.Label>{t.code}</Field.Label>
          <Textarea
            value={snippet}
            readOnly
            rows={3}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
            data-testid="owner-widget-snippet"
            onFocus={(e) => e.currentTarget.select()}
          />
        </Field.Root>
        <CopyButton text={snippet} label={t.copy} failedText={t.copyFailed} disabled={!snippet} />
      </Stack>
    </Box>
  );
}

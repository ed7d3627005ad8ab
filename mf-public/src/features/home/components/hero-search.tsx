import { useMemo } from 'react';
import { Button, Field, Flex, Input } from 'shared-kernel/ui';
import { useNavigate } from 'shared-kernel/router';
import { Form, useFormContext, useFormState, useZodForm } from 'shared-kernel/forms';
import { heroSearchForm, searchUrl, type HeroSearchValues } from '../model/hero-search';
import { publicSiteTexts } from '../../../messages/public-site';

/** Enter or the button opens the search page with the typed text and, when chosen, the days. */
export function HeroSearch() {
  const t = publicSiteTexts;
  const schema = useMemo(() => heroSearchForm(), []);
  const form = useZodForm(schema, { defaultValues: { search: '', from: '', to: '' } });
  const navigate = useNavigate();
  return (
    <Form
      form={form}
      onSubmit={({ search, from, to }) => void navigate(searchUrl(search, { from, to }))}
      role="search"
      aria-label={t.searchLabel}
    >
      <Flex gap={2} bg="white" p={2} borderRadius="lg" boxShadow="md" maxW="4xl" wrap={{ base: 'wrap', md: 'nowrap' }} align="flex-start">
        <Input
          {...form.register('search')}
          placeholder={t.searchPlaceholder}
          aria-label={t.searchLabel}
          size="lg"
          border="none"
          flex={{ base: '1 1 100%', md: '2 1 0' }}
        />
        <DateField name="from" label={t.heroFromLabel} />
        <DateField name="to" label={t.heroToLabel} />
        <Button type="submit" colorPalette="brand" size="lg" flex={{ base: '1 1 100%', md: 'none' }}>
          {t.searchButton}
        </Button>
      </Flex>
    </Form>
  );
}

/** A day of the period: its label inside the box (placeholder-free date inputs need one), its message under it. */
function DateField({ name, label }: { name: 'from' | 'to'; label: string }) {
  const { register } = useFormContext<HeroSearchValues>();
  const { errors } = useFormState<HeroSearchValues>({ name });
  const error = errors[name]?.message;
  return (
    <Field.Root flex={{ base: '1 1 40%', md: '1 1 0' }} invalid={Boolean(error)} gap={0}>
      <Field.Label fontSize="xs" color="gray.700" mb={0} px={1}>
        {label}
      </Field.Label>
      <Input type="date" size="sm" {...register(name, { deps: name === 'from' ? ['to'] : undefined })} />
      <Field.ErrorText data-testid={`error-hero-${name}`}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

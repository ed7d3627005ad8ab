import { Button, Flex, Input } from 'shared-kernel/ui';
import { useNavigate } from 'shared-kernel/router';
import { Form, useZodForm } from 'shared-kernel/forms';
import { HeroSearchForm, searchUrl } from '../model/hero-search';
import { publicSiteTexts } from '../../../messages/public-site';

/** Enter or the button opens the search page with the typed text. */
export function HeroSearch() {
  const form = useZodForm(HeroSearchForm, { defaultValues: { search: '' } });
  const navigate = useNavigate();
  return (
    <Form form={form} onSubmit={({ search }) => void navigate(searchUrl(search))} role="search" aria-label={publicSiteTexts.searchLabel}>
      <Flex gap={2} bg="white" p={2} borderRadius="lg" boxShadow="md" maxW="2xl">
        <Input
          {...form.register('search')}
          placeholder={publicSiteTexts.searchPlaceholder}
          aria-label={publicSiteTexts.searchLabel}
          size="lg"
          border="none"
        />
        <Button type="submit" colorPalette="brand" size="lg">
          {publicSiteTexts.searchButton}
        </Button>
      </Flex>
    </Form>
  );
}

import { Box, Button, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { messages } from 'shared-kernel/messages';
import { TextPage } from '../../../components/text-page';
import { publicSiteTexts } from '../../../messages/public-site';

export type PlaceholderKey = keyof typeof publicSiteTexts.placeholderTitles;

/** Pages that exist in the menu but show only a short 'works' text (spec 2.1). */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  return (
    <TextPage title={publicSiteTexts.placeholderTitles[page]} testId="placeholder-page">
      <Text data-testid="works">{messages.common.works}</Text>
    </TextPage>
  );
}

export function DeletedPage() {
  return (
    <TextPage title={publicSiteTexts.deletedTitle} testId="deleted-page">
      <Box role="status" bg="orange.100" color="orange.900" borderRadius="md" p={4} fontWeight="semibold" data-testid="maintenance-banner">
        {publicSiteTexts.deletedBanner}
      </Box>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/public/search-products">{publicSiteTexts.deletedBack}</RouterLink>
      </Button>
    </TextPage>
  );
}

import { Box, Button, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'react-router';
import { messages } from 'shared-kernel/messages';
import { TextPage } from '../../../components/text-page';

export type PlaceholderKey = keyof typeof messages.publicSite.placeholderTitles;

/** Pages that exist in the menu but show only a short 'works' text (spec 2.1). */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  return (
    <TextPage title={messages.publicSite.placeholderTitles[page]} testId="placeholder-page">
      <Text data-testid="works">{messages.common.works}</Text>
    </TextPage>
  );
}

export function DeletedPage() {
  return (
    <TextPage title={messages.publicSite.deletedTitle} testId="deleted-page">
      <Box role="status" bg="orange.100" color="orange.900" borderRadius="md" p={4} fontWeight="semibold" data-testid="maintenance-banner">
        {messages.publicSite.deletedBanner}
      </Box>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/public/search-products">{messages.publicSite.deletedBack}</RouterLink>
      </Button>
    </TextPage>
  );
}

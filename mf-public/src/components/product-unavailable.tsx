import { Box, Button } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { TextPage } from './text-page';
import { publicSiteTexts } from '../messages/public-site';

/**
 * "Toode ei ole saadaval": a product deleted or taken off rent. The deleted page (/public/deleted)
 * shows it, and so does a removed product's own page (410), on the server and in the browser
 * alike; `prerender` marks it as the page a server rendering gives way to (ADR 0041).
 */
export function ProductUnavailable({ prerender = false }: { prerender?: boolean }) {
  return (
    <TextPage title={publicSiteTexts.deletedTitle} testId="deleted-page" prerender={prerender}>
      <Box role="status" bg="orange.100" color="orange.900" borderRadius="md" p={4} fontWeight="semibold" data-testid="maintenance-banner">
        {publicSiteTexts.deletedBanner}
      </Box>
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/public/search-products">{publicSiteTexts.deletedBack}</RouterLink>
      </Button>
    </TextPage>
  );
}

import { Text } from 'shared-kernel/ui';
import { messages } from 'shared-kernel/messages';
import { TextPage } from '../../../components/text-page';
import { ProductUnavailable } from '../../../components/product-unavailable';
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

/** /public/deleted: what a removed product's page says (links to it made before issue 28 still work). */
export function DeletedPage() {
  return <ProductUnavailable />;
}

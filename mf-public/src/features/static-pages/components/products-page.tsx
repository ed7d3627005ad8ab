import { Button, Flex, Heading, Span, Stack, Text } from 'shared-kernel/ui';
import { Accordion } from 'shared-kernel/overlays';
import { Link as RouterLink } from 'shared-kernel/router';
import { PRODUCT_CATEGORY_LINKS } from '../model/product-categories';
import { TextPage } from '../../../components/text-page';
import { legalTexts } from '../../../messages/legal';

const legal = legalTexts;

/** The products footer page (spec 2.4): two actions, quick links and collapsible category texts. */
export function ProductsPage() {
  return (
    <TextPage title={legal.productsTitle} subtitle={legal.productsIntro} testId="products-page">
      <Flex gap={3} wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/public">{legal.productsFoundAnswer}</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/public/contact-us">{legal.productsLeaveMessage}</RouterLink>
        </Button>
      </Flex>
      <Stack as="nav" aria-labelledby="quick-links-title" gap={2}>
        <Heading as="h2" id="quick-links-title" size="lg">
          {legal.productsQuickLinks}
        </Heading>
        <Flex gap={2} wrap="wrap">
          {PRODUCT_CATEGORY_LINKS.map((c) => (
            <Button key={c.key} asChild size="sm" variant="subtle" colorPalette="brand">
              <RouterLink to={c.to}>{legal.productsCategories[c.key].title}</RouterLink>
            </Button>
          ))}
        </Flex>
      </Stack>
      <Accordion.Root collapsible multiple data-testid="category-texts">
        {PRODUCT_CATEGORY_LINKS.map((c) => {
          const block = legal.productsCategories[c.key];
          return (
            <Accordion.Item key={c.key} value={c.key}>
              <Accordion.ItemTrigger>
                <Span flex="1" fontWeight="semibold">
                  {block.title}
                </Span>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <Stack gap={2}>
                    <Text>{block.p1}</Text>
                    <Text>{block.p2}</Text>
                  </Stack>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
    </TextPage>
  );
}

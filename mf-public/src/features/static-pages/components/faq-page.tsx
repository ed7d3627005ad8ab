import { Button, Span } from 'shared-kernel/ui';
import { Accordion } from 'shared-kernel/overlays';
import { Link as RouterLink } from 'shared-kernel/router';
import { TextPage } from '../../../components/text-page';
import { legalTexts } from '../../../messages/legal';

const legal = legalTexts;

export function FaqPage() {
  return (
    <TextPage title={legal.faqTitle} testId="faq-page">
      <Accordion.Root collapsible multiple>
        {Object.entries(legal.faq).map(([id, item]) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.ItemTrigger>
              <Span flex="1" fontWeight="semibold">
                {item.q}
              </Span>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            <Accordion.ItemContent>
              <Accordion.ItemBody>{item.a}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Button asChild variant="outline" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/public/contact-us">{legal.faqMore}</RouterLink>
      </Button>
    </TextPage>
  );
}

import { Box, Link, List } from 'shared-kernel/ui';
import { format, PRODUCT_NAME, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { TextPage, TextSection } from '../../../components/text-page';
import { legalTexts } from '../../../messages/legal';

const legal = legalTexts;
const fill = (s: string) => format(s, { email: SUPPORT_EMAIL, product: PRODUCT_NAME });

/** Terms of use with every section the spec names (section 1), in the spec's order. */
export function TermsPage() {
  const sections = Object.entries(legal.terms);
  return (
    <TextPage title={legal.termsTitle} subtitle={legal.termsUpdated} testId="terms-page">
      <Box as="nav" aria-label={legal.termsContents}>
        <List.Root as="ol" ps={5} gap={1}>
          {sections.map(([id, s]) => (
            <List.Item key={id}>
              <Link href={`#terms-${id}`} color="brand.fg">
                {s.title}
              </Link>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      {sections.map(([id, s]) => (
        <TextSection key={id} id={`terms-${id}`} section={s} params={fill} />
      ))}
    </TextPage>
  );
}

export function PrivacyPage() {
  return (
    <TextPage title={legal.privacyTitle} testId="privacy-page">
      {Object.entries(legal.privacy).map(([id, s]) => (
        <TextSection key={id} id={`privacy-${id}`} section={s} params={fill} />
      ))}
    </TextPage>
  );
}

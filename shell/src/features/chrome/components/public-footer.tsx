import { Box, Flex, Link, Stack, Text } from 'shared-kernel/ui';
import { messages, format, SUPPORT_EMAIL } from 'shared-kernel/messages';
import { AppLink } from './app-link';

export const COMPANY_REGISTRY_CODE = '16473938';
export const SOCIAL_PAGE_URL = 'https://www.facebook.com/rendime';

export function PublicFooter() {
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt={12} px={4} py={10}>
      <Flex maxW="1800px" mx="auto" gap={10} wrap="wrap" justify="space-between">
        <Stack gap={2}>
          {/* On the dark footer the light greens read (brand.300 is 10:1 on gray.900; the text green is 3.7:1). */}
          <Text fontWeight="bold" color="brand.300">
            Rendime
          </Text>
          <Text>{format(messages.shell.registryCode, { code: COMPANY_REGISTRY_CODE })}</Text>
        </Stack>
        <Stack gap={2} as="nav" aria-label={messages.shell.footerMenu}>
          <AppLink to="/public/usage" color="brand.300">
            {messages.shell.terms}
          </AppLink>
          <AppLink to="/public/privacy" color="brand.300">
            {messages.shell.privacy}
          </AppLink>
          <AppLink to="/public/kkk" color="brand.300">
            {messages.shell.faq}
          </AppLink>
          <AppLink to="/public/tooted" color="brand.300">
            {messages.shell.productsPage}
          </AppLink>
        </Stack>
        <Stack gap={2} data-testid="footer-contact">
          <Text fontWeight="bold">{messages.shell.contactTitle}</Text>
          <Text>{messages.shell.companyName}</Text>
          <Link href={`mailto:${SUPPORT_EMAIL}`} color="brand.300">
            {SUPPORT_EMAIL}
          </Link>
          <Link href={SOCIAL_PAGE_URL} color="brand.300" target="_blank" rel="noopener noreferrer">
            {messages.shell.socialPage}
          </Link>
        </Stack>
      </Flex>
    </Box>
  );
}

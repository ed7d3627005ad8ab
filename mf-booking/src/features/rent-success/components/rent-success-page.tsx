import { Link as RouterLink, useSearchParams } from 'react-router';
import { format } from 'shared-kernel/messages';
import { usePageTitle } from 'shared-kernel/platform';
import { Box, Flex, Heading, Link, Text } from 'shared-kernel/ui';
import { bookingTexts } from '../../../messages/et';

const t = bookingTexts.rentSuccess;
const HASH = /^[A-Za-z0-9_-]{8,64}$/;

/** `/public/rent-success?name=..&hash=..`: the thank-you view after a booking. */
export function RentSuccessPage() {
  usePageTitle(t.title);
  const [search] = useSearchParams();
  const name = (search.get('name') ?? '').trim();
  const hash = search.get('hash') ?? '';

  return (
    <Box w="100%" maxW="xl" data-testid="rent-success">
      <Heading as="h1" size="2xl" mb={3}>
        {t.title}
      </Heading>
      <Text mb={4}>{name ? format(t.thanks, { name }) : t.thanksAnonymous}</Text>
      <Flex gap={6} wrap="wrap">
        {HASH.test(hash) ? (
          <Link asChild colorPalette="brand">
            <RouterLink to={`/auth/rent-completed?rental=${encodeURIComponent(hash)}`}>{t.rentalLink}</RouterLink>
          </Link>
        ) : null}
        <Link asChild colorPalette="brand">
          <RouterLink to="/public">{t.home}</RouterLink>
        </Link>
      </Flex>
    </Box>
  );
}

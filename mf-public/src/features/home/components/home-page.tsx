import { Box, Heading, Stack, Text } from 'shared-kernel/ui';
import { useSession } from 'shared-kernel/session';
import { CategoryChips, CategoryCircles, CategoryTiles } from './category-links';
import { HeroSearchSlot } from './hero-search-slot';
import { ClosingCta, FaqCta, HowItWorks, JoinButton, Testimonial, WhyChoose } from './info-sections';
import { LatestList } from './latest-list';
import { ProductSlider } from './product-slider';
import { publicSiteTexts } from '../../../messages/public-site';

/**
 * The landing page. It stays light on purpose (no map, no date library): the hero is plain
 * text and a form, images load lazily in fixed-ratio boxes, and the 'latest' list waits for view.
 * The hero is `data-prerender`: the publish step snapshots it into the page's HTML (ADR 0024), so
 * it must render the same without data and for an anonymous visitor.
 */
export function HomePage() {
  const signedIn = useSession((s) => s.status === 'signedIn');
  return (
    <Box w="100%">
      <Box
        as="section"
        bg="brand.500"
        color="brand.950"
        px={{ base: 4, md: 10 }}
        py={{ base: 12, md: 24 }}
        data-testid="hero"
        data-prerender=""
      >
        <Box maxW="1800px" mx="auto">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} mb={4} maxW="3xl">
            {publicSiteTexts.heroTitle}
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} mb={8} maxW="2xl">
            {publicSiteTexts.heroSubtitle}
          </Text>
          <HeroSearchSlot />
          <CategoryChips />
          {signedIn ? null : <JoinButton />}
        </Box>
      </Box>
      <Stack maxW="1800px" mx="auto" px={{ base: 4, md: 10 }} py={{ base: 10, md: 16 }} gap={{ base: 12, md: 20 }}>
        <WhyChoose />
        <ProductSlider />
        <CategoryTiles />
        <Testimonial />
        <HowItWorks />
        <FaqCta />
        <LatestList />
        <CategoryCircles />
        <ClosingCta />
      </Stack>
    </Box>
  );
}

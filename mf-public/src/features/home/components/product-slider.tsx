import { useMemo, useRef } from 'react';
import { Box, Flex, Heading, IconButton } from 'shared-kernel/ui';
import { LIMITS } from 'shared-kernel/domain';
import { useProductsPage } from '../hooks/use-products-page';
import { randomSliderPage } from '../model/links';
import { ProductCard } from '../../../components/product-card';
import { publicSiteTexts } from '../../../messages/public-site';

const t = publicSiteTexts;
// Card height (4:3 image of 220 px + text) reserved up front, so loading never moves the page.
const SLIDER_MIN_HEIGHT = '250px';

/** Seven products from a random page 0-3; an empty or failed load hides the section silently. */
export function ProductSlider({ page: fixedPage }: { page?: number }) {
  const page = useMemo(() => fixedPage ?? randomSliderPage(), [fixedPage]);
  const { status, products } = useProductsPage(page, LIMITS.frontPageSliderPageSize);
  const track = useRef<HTMLDivElement>(null);
  if (status === 'done' && products.length === 0) return null;
  const scroll = (dir: 1 | -1) => track.current?.scrollBy({ left: dir * 240, behavior: 'smooth' });
  return (
    <Box as="section" aria-labelledby="slider-title" data-testid="product-slider" data-page={page}>
      <Flex justify="space-between" align="center" mb={4}>
        <Heading as="h2" id="slider-title" size="2xl">
          {t.sliderTitle}
        </Heading>
        <Flex gap={2}>
          <IconButton aria-label={t.sliderPrev} variant="outline" size="sm" onClick={() => scroll(-1)}>
            <span aria-hidden>‹</span>
          </IconButton>
          <IconButton aria-label={t.sliderNext} variant="outline" size="sm" onClick={() => scroll(1)}>
            <span aria-hidden>›</span>
          </IconButton>
        </Flex>
      </Flex>
      <Flex
        ref={track}
        gap={4}
        // Contained: nothing in the track (absolutely positioned bits included) widens the page.
        position="relative"
        minW={0}
        maxW="100%"
        overflowX="auto"
        minH={SLIDER_MIN_HEIGHT}
        pb={2}
        scrollSnapType="x mandatory"
        aria-busy={status === 'loading'}
      >
        {products.map((p) => (
          <Box key={p.id} scrollSnapAlign="start" flexShrink={0}>
            <ProductCard product={p} />
          </Box>
        ))}
      </Flex>
    </Box>
  );
}

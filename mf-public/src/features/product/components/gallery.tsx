import { useState } from 'react';
import { Box, Flex, IconButton, Image, Text } from 'shared-kernel/ui';
import { productImageSrcSet, TIMINGS } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { ProductImage } from 'shared-kernel/schemas';
import { productTexts } from '../../../messages/product';
import { GALLERY_IMAGE_SIZES } from '../model/product-view';

export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const t = productTexts;
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <Flex aspectRatio={3 / 2} bg="gray.100" align="center" justify="center" borderRadius="lg">
        <Text color="gray.500">{t.noImage}</Text>
      </Flex>
    );
  }
  const go = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <Box as="section" aria-label={t.galleryLabel} data-testid="gallery">
      <Box position="relative" overflow="hidden" borderRadius="lg" aspectRatio={3 / 2} bg="gray.100">
        <Flex h="100%" transition={`transform ${TIMINGS.gallerySlideMs}ms ease`} style={{ transform: `translateX(-${index * 100}%)` }}>
          {images.map((img, i) => (
            <Image
              key={img.id}
              src={img.url}
              // The cover's larger rendition where it is shown large (issue 25); 3/5 of a wide page.
              srcSet={productImageSrcSet(img)}
              sizes={GALLERY_IMAGE_SIZES}
              alt={format(t.galleryImage, { index: i + 1, count: images.length, name: img.title || name })}
              flex="0 0 100%"
              w="100%"
              h="100%"
              objectFit="cover"
              loading={i === 0 ? 'eager' : 'lazy'}
              data-testid="gallery-image"
            />
          ))}
        </Flex>
        {images.length > 1 ? (
          <>
            <IconButton
              aria-label={t.galleryPrev}
              position="absolute"
              left={2}
              top="50%"
              transform="translateY(-50%)"
              size="sm"
              variant="subtle"
              onClick={() => go(-1)}
            >
              ‹
            </IconButton>
            <IconButton
              aria-label={t.galleryNext}
              position="absolute"
              right={2}
              top="50%"
              transform="translateY(-50%)"
              size="sm"
              variant="subtle"
              onClick={() => go(1)}
            >
              ›
            </IconButton>
          </>
        ) : null}
      </Box>
      {images.length > 1 ? (
        <Flex gap={2} mt={2}>
          {images.map((img, i) => (
            <Box
              as="button"
              key={img.id}
              onClick={() => setIndex(i)}
              aria-label={format(t.galleryImage, { index: i + 1, count: images.length, name: img.title || name })}
              aria-current={i === index}
              borderWidth="2px"
              borderColor={i === index ? 'brand.solid' : 'transparent'}
              borderRadius="md"
              overflow="hidden"
              w="72px"
              h="48px"
            >
              <Image src={img.url} alt="" w="100%" h="100%" objectFit="cover" />
            </Box>
          ))}
        </Flex>
      ) : null}
    </Box>
  );
}

import { Box, Flex } from 'shared-kernel/ui';
import { format } from 'shared-kernel/messages';
import { starFills } from '../model/product-view';
import { productTexts } from '../../../messages/product';

/** Five stars with half steps; the number is also given to screen readers. */
export function Stars({ rating, size = '18px' }: { rating: number; size?: string }) {
  return (
    <Flex
      role="img"
      aria-label={format(productTexts.stars, { rating: rating.toLocaleString('et-EE') })}
      data-rating={rating}
      lineHeight={1}
      fontSize={size}
    >
      {starFills(rating).map((fill, i) => (
        <Box as="span" key={i} position="relative" display="inline-block" color="gray.300" aria-hidden="true">
          ★
          {fill !== 'empty' ? (
            <Box
              as="span"
              position="absolute"
              left={0}
              top={0}
              overflow="hidden"
              width={fill === 'half' ? '50%' : '100%'}
              color="orange.400"
              data-fill={fill}
            >
              ★
            </Box>
          ) : null}
        </Box>
      ))}
    </Flex>
  );
}

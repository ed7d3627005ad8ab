import type { ProductImage } from '../schemas/catalog';
import { LIMITS } from './constants';

/**
 * `srcset` of a product image shown large (a product page's gallery, the owner's product view): the
 * 435 px cover, and its larger rendition from the same upload where there is one (issue 25).
 * Undefined without one, so the image shows its `src` as before. The large one is declared at the
 * upload limit: it is at most that wide, and a browser choosing for a wide slot picks it either way.
 */
export function productImageSrcSet(image: Pick<ProductImage, 'url' | 'largeUrl'>): string | undefined {
  if (!image.largeUrl) return undefined;
  return `${image.url} ${LIMITS.coverImageMaxPx}w, ${image.largeUrl} ${LIMITS.otherImageMaxPx}w`;
}

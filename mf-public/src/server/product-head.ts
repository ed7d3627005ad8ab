import { headlinePrice, headlinePriceText, productImageSrcSet } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { ProductDetails } from 'shared-kernel/schemas';
import { GALLERY_IMAGE_SIZES, galleryImages } from '../features/product/model/product-view';
import { absolute, DESCRIPTION_MAX, pageHead, shorten, type HeadTag } from './page-head';
import { detailUrl } from '../components/detail-url';
import { productTexts } from '../messages/product';
import { publicSiteTexts } from '../messages/public-site';

/**
 * The head of a product page with no product to show: 404 "Toodet ei leitud", 410 (deleted or
 * taken off rent) "Toode ei ole saadaval", the titles the browser's page gives them; not for
 * indexing, and no description, canonical or preview tags (there is nothing to preview).
 */
export function unavailableProductHead(status: 404 | 410): HeadTag[] {
  const page = status === 404 ? productTexts.notFoundTitle : publicSiteTexts.pageTitles.deleted;
  return [
    { kind: 'title', text: format(messages.shell.pageTitle, { page }) },
    { kind: 'meta', attrs: { name: 'robots', content: 'noindex' } },
  ];
}

/**
 * What a search engine or a link preview reads of a product page: its title, description,
 * canonical URL, Open Graph and Twitter card tags (name, price, first image) and a JSON-LD
 * `Product` with its daily `Offer` in euros. The visitor is a renter: prices as renters see them.
 */
export function productHead(product: ProductDetails, origin: string): HeadTag[] {
  const title = format(messages.shell.pageTitle, { page: product.name });
  const price = headlinePrice(product, 'renter');
  const priceText = price ? headlinePriceText(price) : null;
  const description = shorten(priceText ? `${priceText}. ${product.description}` : product.description, DESCRIPTION_MAX);
  // The product's one address, whatever spelling or query the request came with.
  const url = absolute(origin, detailUrl(product.id));
  const image = galleryImages(product)[0];
  const imageUrl = image ? absolute(origin, image.largeUrl ?? image.url) : null;
  const tags = pageHead({
    title,
    name: product.name,
    description,
    url,
    type: 'product',
    card: imageUrl ? 'summary_large_image' : 'summary',
  });
  if (imageUrl) {
    tags.push(
      { kind: 'meta', attrs: { property: 'og:image', content: imageUrl } },
      { kind: 'meta', attrs: { name: 'twitter:image', content: imageUrl } },
    );
    // The page's LCP element: fetched from the HTML, before any script has run. With the gallery's
    // own srcset and sizes, so the browser preloads the rendition the page then shows, not another.
    const srcSet = productImageSrcSet(image!);
    tags.push({
      kind: 'link',
      attrs: {
        rel: 'preload',
        as: 'image',
        href: image!.url,
        ...(srcSet ? { imagesrcset: srcSet, imagesizes: GALLERY_IMAGE_SIZES } : {}),
        fetchpriority: 'high',
      },
    });
  }
  if (price) {
    tags.push(
      { kind: 'meta', attrs: { property: 'product:price:amount', content: (price.cents / 100).toFixed(2) } },
      { kind: 'meta', attrs: { property: 'product:price:currency', content: 'EUR' } },
    );
  }
  tags.push({
    kind: 'json-ld',
    data: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: shorten(product.description, 500),
      url,
      ...(imageUrl ? { image: [imageUrl] } : {}),
      ...(product.categoryLabel ? { category: product.categoryLabel } : {}),
      ...(price
        ? {
            offers: {
              '@type': 'Offer',
              price: (price.cents / 100).toFixed(2),
              priceCurrency: 'EUR',
              availability: 'https://schema.org/InStock',
              url,
            },
          }
        : {}),
    },
  });
  return tags;
}

import { headlinePrice, headlinePriceText } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { ProductDetails } from 'shared-kernel/schemas';
import { galleryImages } from '../features/product/model/product-view';

/** A tag for the document's head, as data: the caller escapes it (headHtml). */
export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta' | 'link'; attrs: Record<string, string> }
  | { kind: 'json-ld'; data: Record<string, unknown> };

/** Longest meta description: search engines cut around 155-160 characters. */
const DESCRIPTION_MAX = 155;

export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** An absolute URL for a path or URL the API gave (images are served from the site's origin). */
export function absolute(origin: string, url: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return origin;
  }
}

/**
 * What a search engine or a link preview reads of a product page: its title, description,
 * canonical URL, Open Graph and Twitter card tags (name, price, first image) and a JSON-LD
 * `Product` with its daily `Offer` in euros. The visitor is a renter: prices as renters see them.
 */
export function productHead(product: ProductDetails, origin: string, pathname: string): HeadTag[] {
  const title = format(messages.shell.pageTitle, { page: product.name });
  const price = headlinePrice(product, 'renter');
  const priceText = price ? headlinePriceText(price) : null;
  const description = shorten(priceText ? `${priceText}. ${product.description}` : product.description, DESCRIPTION_MAX);
  const url = absolute(origin, pathname);
  const image = galleryImages(product)[0];
  const imageUrl = image ? absolute(origin, image.largeUrl ?? image.url) : null;
  const tags: HeadTag[] = [
    { kind: 'title', text: title },
    { kind: 'meta', attrs: { name: 'description', content: description } },
    { kind: 'link', attrs: { rel: 'canonical', href: url } },
    { kind: 'meta', attrs: { property: 'og:type', content: 'product' } },
    { kind: 'meta', attrs: { property: 'og:site_name', content: 'Rendime' } },
    { kind: 'meta', attrs: { property: 'og:title', content: product.name } },
    { kind: 'meta', attrs: { property: 'og:description', content: description } },
    { kind: 'meta', attrs: { property: 'og:url', content: url } },
    { kind: 'meta', attrs: { name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' } },
    { kind: 'meta', attrs: { name: 'twitter:title', content: product.name } },
    { kind: 'meta', attrs: { name: 'twitter:description', content: description } },
  ];
  if (imageUrl) {
    tags.push(
      { kind: 'meta', attrs: { property: 'og:image', content: imageUrl } },
      { kind: 'meta', attrs: { name: 'twitter:image', content: imageUrl } },
    );
    // The page's LCP element: fetched from the HTML, before any script has run.
    tags.push({ kind: 'link', attrs: { rel: 'preload', as: 'image', href: image!.url, fetchpriority: 'high' } });
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

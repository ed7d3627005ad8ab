/** A tag for the document's head, as data: the caller escapes it (headHtml). */
export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta' | 'link'; attrs: Record<string, string> }
  | { kind: 'json-ld'; data: Record<string, unknown> };

/** Longest meta description: search engines cut around 155-160 characters. */
export const DESCRIPTION_MAX = 155;

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
 * The tags every server-rendered page has: title, description, canonical URL, and the Open Graph
 * and Twitter card basics (`name` is what a link preview calls the page).
 */
export function pageHead(p: { title: string; name: string; description: string; url: string; type: string; card: string }): HeadTag[] {
  return [
    { kind: 'title', text: p.title },
    { kind: 'meta', attrs: { name: 'description', content: p.description } },
    { kind: 'link', attrs: { rel: 'canonical', href: p.url } },
    { kind: 'meta', attrs: { property: 'og:type', content: p.type } },
    { kind: 'meta', attrs: { property: 'og:site_name', content: 'Rendime' } },
    { kind: 'meta', attrs: { property: 'og:title', content: p.name } },
    { kind: 'meta', attrs: { property: 'og:description', content: p.description } },
    { kind: 'meta', attrs: { property: 'og:url', content: p.url } },
    { kind: 'meta', attrs: { name: 'twitter:card', content: p.card } },
    { kind: 'meta', attrs: { name: 'twitter:title', content: p.name } },
    { kind: 'meta', attrs: { name: 'twitter:description', content: p.description } },
  ];
}

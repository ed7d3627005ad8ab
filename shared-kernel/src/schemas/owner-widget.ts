import { z } from 'shared-kernel/zod';
import { Cents } from './money';
import { format, messages } from 'shared-kernel/messages';

/**
 * The B2B owner's product widget on the owner's own website (issue 17). Public data only: the
 * endpoint is anonymous, cacheable and open to every origin, so nothing here may be personal.
 */
export const OWNER_WIDGET_EMBED = 'owner-widget';
/** GET, relative to the API base (the shell's `/api`). */
export const ownerWidgetProductsPath = (ownerId: number): string => `/public/owners/${ownerId}/widget-products`;
/** The loader's path on the platform's origin (the shell's server). */
export const OWNER_WIDGET_LOADER_PATH = '/widget/loader.js';

export const OWNER_WIDGET_MAX_ITEMS = 24;
export const OWNER_WIDGET_DEFAULT_ITEMS = 6;
/** How many next free days a card lists. */
export const OWNER_WIDGET_FREE_DAYS = 3;

export const OwnerWidgetLayout = z.enum(['grid', 'list']);
export type OwnerWidgetLayout = z.infer<typeof OwnerWidgetLayout>;

/** The path's owner id (a database integer, so a huge one is a 400, not a database error). */
export const OwnerWidgetParams = z.object({ ownerId: z.coerce.number().int().positive().max(2147483647) });
export type OwnerWidgetParams = z.infer<typeof OwnerWidgetParams>;

/**
 * The owner's part of the snippet (mf-owner's form): the same options the loader reads from the
 * element's data attributes. `category` 0 means every category.
 */
const LIMIT_MESSAGE = format(messages.validation.widgetLimit, { max: OWNER_WIDGET_MAX_ITEMS });
export const OwnerWidgetSnippetOptions = z.object({
  layout: OwnerWidgetLayout,
  // A typed number: empty text is not 0 but missing.
  limit: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(OWNER_WIDGET_MAX_ITEMS, LIMIT_MESSAGE),
  ),
  category: z.coerce.number().int().nonnegative(),
});
export type OwnerWidgetSnippetOptions = z.infer<typeof OwnerWidgetSnippetOptions>;

export const OwnerWidgetQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OWNER_WIDGET_MAX_ITEMS).default(OWNER_WIDGET_DEFAULT_ITEMS),
  /** a category id: only that category's products (a parent category includes its children, as in search) */
  category: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type OwnerWidgetQuery = z.infer<typeof OwnerWidgetQuery>;

export const OwnerWidgetProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  /** absolute URL of the first image's card-size rendition, or null when the product has none */
  imageUrl: z.url().nullable(),
  /** the daily price the renter pays, in cents, VAT included when the owner is VAT-liable (as the product page shows it) */
  dailyPriceCents: Cents.nonnegative(),
  /** true when the price includes VAT (the owner is VAT-liable); the card says 'km-ga' */
  vatIncluded: z.boolean(),
  /** the next free whole days from today in Tallinn, ISO dates, at most OWNER_WIDGET_FREE_DAYS */
  nextFreeDays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** absolute URL of the product page on the platform */
  productUrl: z.url(),
});
export type OwnerWidgetProduct = z.infer<typeof OwnerWidgetProduct>;

export const OwnerWidgetResponse = z.object({
  owner: z.object({ id: z.number().int(), name: z.string() }),
  products: z.array(OwnerWidgetProduct),
});
export type OwnerWidgetResponse = z.infer<typeof OwnerWidgetResponse>;

/**
 * The snippet an owner pastes into their site: an element naming the owner and the options, and
 * the platform's loader. `data-category` only when a category is chosen. The caller shows it as
 * text; the values are numbers and a fixed enum, and the origin is the platform's own.
 */
export function ownerWidgetSnippet(origin: string, ownerId: number, options: OwnerWidgetSnippetOptions): string {
  const category = options.category > 0 ? ` data-category="${options.category}"` : '';
  return [
    `<div data-rendime-owner="${ownerId}" data-layout="${options.layout}" data-limit="${options.limit}"${category}></div>`,
    `<script async src="${origin.replace(/\/$/, '')}${OWNER_WIDGET_LOADER_PATH}"></script>`,
  ].join('\n');
}

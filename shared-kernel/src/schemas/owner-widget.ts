import { z } from 'zod';

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

export const OwnerWidgetQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OWNER_WIDGET_MAX_ITEMS).default(OWNER_WIDGET_DEFAULT_ITEMS),
  /** a category id: only that category's products */
  category: z.coerce.number().int().positive().optional(),
});
export type OwnerWidgetQuery = z.infer<typeof OwnerWidgetQuery>;

export const OwnerWidgetProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  /** absolute URL of the first image's card-size rendition, or null when the product has none */
  imageUrl: z.string().url().nullable(),
  /** the daily price the renter pays, in cents, VAT included when the owner is VAT-liable (as the product page shows it) */
  dailyPriceCents: z.number().int().nonnegative(),
  /** true when the price includes VAT (the owner is VAT-liable); the card says 'km-ga' */
  vatIncluded: z.boolean(),
  /** the next free whole days from today in Tallinn, ISO dates, at most OWNER_WIDGET_FREE_DAYS */
  nextFreeDays: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** absolute URL of the product page on the platform */
  productUrl: z.string().url(),
});
export type OwnerWidgetProduct = z.infer<typeof OwnerWidgetProduct>;

export const OwnerWidgetResponse = z.object({
  owner: z.object({ id: z.number().int(), name: z.string() }),
  products: z.array(OwnerWidgetProduct),
});
export type OwnerWidgetResponse = z.infer<typeof OwnerWidgetResponse>;

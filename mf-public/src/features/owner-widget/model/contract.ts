/**
 * The kernel's owner-widget constants (shared-kernel/src/schemas/owner-widget.ts), repeated here
 * because that module builds zod schemas when it loads: importing one constant from it would
 * put zod into a bundle that must stay small on someone else's page (ADR 0025). contract.test.ts
 * checks that both say the same.
 */
export const OWNER_WIDGET_EMBED = 'owner-widget';
export const OWNER_WIDGET_MAX_ITEMS = 24;
export const OWNER_WIDGET_DEFAULT_ITEMS = 6;
export const ownerWidgetProductsPath = (ownerId: number): string => `/public/owners/${ownerId}/widget-products`;

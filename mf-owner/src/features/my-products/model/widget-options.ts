import { format } from 'shared-kernel/messages';
import { OWNER_WIDGET_DEFAULT_ITEMS, type Category, type OwnerProduct, type OwnerWidgetSnippetOptions } from 'shared-kernel/schemas';
import type { z } from 'shared-kernel/zod';
import { ownerTexts } from '../../../messages/et';

const t = ownerTexts.ownerWidget;

/** The form's values as the fields hold them (text), before the kernel schema reads them. */
export type WidgetFormValues = z.input<typeof OwnerWidgetSnippetOptions>;

export const WIDGET_FORM_DEFAULTS = { layout: 'grid', limit: String(OWNER_WIDGET_DEFAULT_ITEMS), category: '0' } as const;

/**
 * 'All categories' and the categories the owner has active products in ('parent - child', as the
 * product page labels them), by label. Only these: a category without products shows an empty widget.
 */
export function widgetCategoryOptions(
  products: readonly OwnerProduct[],
  categories: readonly Category[],
): { value: string; label: string }[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const used = new Set(products.filter((p) => p.active).map((p) => p.categoryId));
  const options = [...used].flatMap((id) => {
    const category = byId.get(id);
    if (!category) return [];
    const parent = category.parentCategoryId === null ? undefined : byId.get(category.parentCategoryId);
    return [{ value: String(id), label: parent ? format(t.categoryLabel, { parent: parent.name, name: category.name }) : category.name }];
  });
  options.sort((a, b) => a.label.localeCompare(b.label, 'et'));
  return [{ value: '0', label: t.allCategories }, ...options];
}

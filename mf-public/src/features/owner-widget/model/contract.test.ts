import * as kernel from 'shared-kernel/schemas';
import * as local from './contract';

test("the widget's copies of the kernel's constants say what the kernel says", () => {
  expect(local.OWNER_WIDGET_EMBED).toBe(kernel.OWNER_WIDGET_EMBED);
  expect(local.OWNER_WIDGET_MAX_ITEMS).toBe(kernel.OWNER_WIDGET_MAX_ITEMS);
  expect(local.OWNER_WIDGET_DEFAULT_ITEMS).toBe(kernel.OWNER_WIDGET_DEFAULT_ITEMS);
  expect(local.ownerWidgetProductsPath(123)).toBe(kernel.ownerWidgetProductsPath(123));
});

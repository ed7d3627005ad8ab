import {
  OWNER_WIDGET_LOADER_PATH,
  OwnerWidgetParams,
  OwnerWidgetQuery,
  OwnerWidgetSnippetOptions,
  ownerWidgetSnippet,
} from './owner-widget';

describe('the owner widget contract', () => {
  it('writes the snippet the loader reads: the owner, layout and limit, a category only when chosen', () => {
    expect(ownerWidgetSnippet('https://rendime.ee/', 123, { layout: 'grid', limit: 6, category: 0 })).toBe(
      `<div data-rendime-owner="123" data-layout="grid" data-limit="6"></div>\n<script async src="https://rendime.ee${OWNER_WIDGET_LOADER_PATH}"></script>`,
    );
    expect(ownerWidgetSnippet('http://localhost:3000', 3, { layout: 'list', limit: 3, category: 5 })).toBe(
      '<div data-rendime-owner="3" data-layout="list" data-limit="3" data-category="5"></div>\n<script async src="http://localhost:3000/widget/loader.js"></script>',
    );
  });

  it('keeps ids within the database integer and limits within 1 to 24', () => {
    expect(OwnerWidgetParams.safeParse({ ownerId: '2147483648' }).success).toBe(false);
    expect(OwnerWidgetQuery.safeParse({ category: '2147483648' }).success).toBe(false);
    expect(OwnerWidgetQuery.parse({})).toEqual({ limit: 6 });
    for (const limit of ['0', '25', '-1', 'x']) expect(OwnerWidgetQuery.safeParse({ limit }).success).toBe(false);
    expect(OwnerWidgetSnippetOptions.safeParse({ layout: 'table', limit: 6, category: 0 }).success).toBe(false);
  });
});

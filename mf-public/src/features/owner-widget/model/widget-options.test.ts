import { readWidgetOptions } from './widget-options';

const host = (attrs: Record<string, string>) => {
  const el = document.createElement('div');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
};

test('reads the snippet’s attributes, with defaults and limits for what is missing or wrong', () => {
  expect(readWidgetOptions(host({ 'data-rendime-owner': '123', 'data-layout': 'list', 'data-limit': '4', 'data-category': '5' }))).toEqual({
    ownerId: 123,
    layout: 'list',
    limit: 4,
    category: 5,
  });
  expect(readWidgetOptions(host({ 'data-rendime-owner': '123' }))).toEqual({ ownerId: 123, layout: 'grid', limit: 6 });
  expect(readWidgetOptions(host({ 'data-rendime-owner': '123', 'data-limit': '999', 'data-category': '-1', 'data-layout': 'x' }))).toEqual({
    ownerId: 123,
    layout: 'grid',
    limit: 24,
  });
  expect(readWidgetOptions(host({ 'data-rendime-owner': '123', 'data-limit': '0' }))?.limit).toBe(6);
  for (const bad of ['', 'abc', '0', '-4', '1e3', '12345678901']) expect(readWidgetOptions(host({ 'data-rendime-owner': bad }))).toBeNull();
});

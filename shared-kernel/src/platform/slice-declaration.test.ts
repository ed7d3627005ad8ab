import { defineSlice, descriptorOf, pathTo } from './slice-declaration';
import { defineWidget } from './widget-contracts';
import { publishedDescriptorOf } from './slice-contracts';
import { eventVersions } from '../events/event-versions';

const thingCard = defineWidget<{ thingId: number }>('mf-example/thing-card', 2);
const otherCard = defineWidget<{ id: number }>('mf-other/card', 1);

const slice = defineSlice({
  name: 'mf-example',
  scope: 'mf_example',
  devPort: 5999,
  routes: { list: '/auth/things', thing: '/auth/things/:id', cancel: '/public/cancel/:hash/:name' },
  nav: [{ group: 'common', label: 'Asjad', to: '/auth/things', order: 10 }],
  widgets: { provides: [{ contract: thingCard, source: './src/widgets/thing-card.tsx' }], consumes: [otherCard] },
  events: { emits: ['notice'], listens: ['session-changed'] },
});

describe('defineSlice', () => {
  it('builds paths from the declared patterns, values encoded', () => {
    expect(slice.paths.list()).toBe('/auth/things');
    expect(slice.paths.thing(12)).toBe('/auth/things/12');
    expect(slice.paths.cancel('a b', 'Mari/Maasikas')).toBe('/public/cancel/a%20b/Mari%2FMaasikas');
  });

  it('publishes the descriptor in the format the registry reads', () => {
    expect(descriptorOf(slice)).toEqual({
      name: 'mf-example',
      scope: 'mf_example',
      devPort: 5999,
      routes: ['/auth/things', '/auth/things/:id', '/public/cancel/:hash/:name'],
      nav: [{ group: 'common', label: 'Asjad', to: '/auth/things', order: 10 }],
      widgets: { './thing-card': './src/widgets/thing-card.tsx' },
      events: { emits: ['notice'], listens: ['session-changed'] },
    });
  });

  it('publishes the contract versions the gate holds against the live slices (ADR 0039)', () => {
    expect(publishedDescriptorOf(slice)).toEqual({
      ...descriptorOf(slice),
      contracts: {
        widgets: { provides: { 'mf-example/thing-card': 2 }, consumes: { 'mf-other/card': 1 } },
        events: { emits: { notice: eventVersions.notice }, listens: { 'session-changed': eventVersions['session-changed'] } },
      },
    });
  });

  it('refuses to provide a widget whose contract names another slice', () => {
    const declare = () =>
      defineSlice({
        name: 'mf-other',
        scope: 'mf_other',
        devPort: 5998,
        routes: {},
        nav: [],
        widgets: { provides: [{ contract: thingCard, source: './src/widgets/thing-card.tsx' }], consumes: [] },
        events: { emits: [], listens: [] },
      });
    expect(declare).toThrow('mf-other cannot provide mf-example/thing-card');
  });

  it('links into another slice only through a path some slice declares', () => {
    expect(pathTo('/public/detail-view/:id', 7)).toBe('/public/detail-view/7');
    // @ts-expect-error no slice declares this page
    pathTo('/public/no-such-page');
    // @ts-expect-error the pattern has an :id to fill
    pathTo('/auth/rent-product/:id');
  });

  it('refuses at compile time a nav entry to a page the slice does not route', () => {
    defineSlice({
      name: 'mf-example',
      scope: 'mf_example',
      devPort: 5999,
      routes: { list: '/auth/things' },
      // @ts-expect-error /auth/other is not one of this slice's routes
      nav: [{ group: 'common', label: 'Muu', to: '/auth/other' }],
      widgets: { provides: [], consumes: [] },
      events: { emits: [], listens: [] },
    });
    // @ts-expect-error a builder takes exactly its pattern's params
    slice.paths.thing();
  });
});

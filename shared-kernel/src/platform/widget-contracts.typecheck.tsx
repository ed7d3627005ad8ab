/**
 * Type test (compiled by the kernel's typecheck, never run), ADR 0036: a widget prop renamed in its
 * contract fails both the provider and the consumer. `Renamed` is `bookingPanel` after renaming
 * `productId` to `id`; each `@ts-expect-error` below would itself fail the typecheck if the
 * mismatch it marks were accepted.
 */
import { emit } from '../events/event-bus';
import { RemoteWidget } from './remote-widget';
import { defineWidget, widgets, type BookingPanelWidgetProps, type WidgetComponent } from './widget-contracts';

declare const product: BookingPanelWidgetProps['product'];

type RenamedProps = Omit<BookingPanelWidgetProps, 'productId'> & { id: number };
const renamed = defineWidget<RenamedProps>('mf-booking/booking-panel', 1);

// The consumer as it is written today (mf-public's product page) compiles against the contract…
export const today = <RemoteWidget contract={widgets.bookingPanel} props={{ productId: 1, product }} />;
// …and fails once the provider's contract renames the prop.
// @ts-expect-error `productId` is no longer a prop of the widget
export const afterRename = <RemoteWidget contract={renamed} props={{ productId: 1, product }} />;
// @ts-expect-error a required prop left out
export const missing = <RemoteWidget contract={widgets.bookingPanel} props={{ product }} />;
// @ts-expect-error a widget with required props cannot be rendered without them
export const noProps = <RemoteWidget contract={widgets.messageDialog} />;

// The provider written against the old contract no longer implements the renamed one.
const provider: WidgetComponent<typeof widgets.bookingPanel> = ({ productId }) => String(productId);
// @ts-expect-error the old provider reads `productId`, which the renamed contract does not give
export const providerAfterRename: WidgetComponent<typeof renamed> = provider;
export { provider };

// Events: the payload type is the event map's (the bus's zod schemas), so an emitter or listener
// using a field the schema does not have fails the same way.
emit('reservation-changed', { reservationId: 1, status: 'ACCEPTED' });
// @ts-expect-error `id` is not the reservation-changed payload's field
emit('reservation-changed', { id: 1, status: 'ACCEPTED' });
// @ts-expect-error the `navigate` event was removed: navigation is by URL (`navigate()`)
emit('navigate', { to: '/public' });

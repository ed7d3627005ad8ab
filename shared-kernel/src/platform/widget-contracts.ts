import type { ReactNode } from 'react';
import type { ProductDetails } from 'shared-kernel/schemas';

/**
 * Typed cross-slice widget contracts (ADR 0036). A widget's props are written once, here: the
 * providing slice types its exposed `Widget` with `WidgetComponent<typeof contract>` and the
 * consuming slice renders `<RemoteWidget contract={contract} props={…} />`, so a prop renamed in
 * the contract fails both typechecks instead of arriving as `undefined` at run time.
 */

/** `<slice>/<exposed module>`, the way a widget is named in the release manifest. */
export type WidgetId = `mf-${string}/${string}`;

declare const propsType: unique symbol;

export interface WidgetContract<Props extends object = object> {
  readonly id: WidgetId;
  /** the providing slice, e.g. `mf-booking` */
  readonly remote: `mf-${string}`;
  /** the module the slice exposes, without `./`, e.g. `booking-panel` */
  readonly widget: string;
  /**
   * The contract's version: raise it when a change of Props breaks a consumer built against the
   * old one (a prop renamed, removed or made required). Slices release one at a time, so the
   * compiler cannot see a live consumer built last week; the publish gate compares these numbers
   * (ADR 0039): a provider of another version than a live consumer's is refused, and so is a
   * consumer of a version no live slice provides. Adding an optional prop keeps the version.
   */
  readonly version: number;
  /** carries the props type only; never set at run time */
  readonly [propsType]?: (props: Props) => void;
}

export type WidgetPropsOf<C> = C extends WidgetContract<infer P> ? P : never;

/** What the providing slice exports as `Widget` from the module the contract names. */
export type WidgetComponent<C extends WidgetContract<never>> = (props: WidgetPropsOf<C>) => ReactNode;

export function defineWidget<Props extends object>(id: WidgetId, version: number): WidgetContract<Props> {
  const slash = id.indexOf('/');
  return { id, remote: id.slice(0, slash) as `mf-${string}`, widget: id.slice(slash + 1), version };
}

export interface BookingPanelWidgetProps {
  productId: number;
  /** The product page's own copy of the product, so the panel asks for nothing more. */
  product: ProductDetails;
}

export interface MessageDialogWidgetProps {
  open: boolean;
  onClose: () => void;
  toUserId: number;
  toName?: string;
  productId?: number;
  reservationId?: number;
}

export interface IdentityCheckResult {
  ok: boolean;
  token?: string;
  message?: string;
}

export interface IdentityCheckWidgetProps {
  /** The personal code to verify (the business representative's on sign-up). */
  personalCode: string;
  /**
   * ok with `token` after the provider said ok; ok false (with `message`) after any failure. The
   * token proves the verification to the server: business registration sends it as `identityToken`.
   */
  onResult: (result: IdentityCheckResult) => void;
  /** The registration screen shows the default failure in English ('Identity verification cancelled'). */
  englishCancelText?: boolean;
}

/** Every widget one slice offers another: the slices' `provides`/`consumes` name these. */
export const widgets = {
  bookingPanel: defineWidget<BookingPanelWidgetProps>('mf-booking/booking-panel', 1),
  messageDialog: defineWidget<MessageDialogWidgetProps>('mf-messaging/message-dialog', 1),
  unreadBadges: defineWidget<Record<never, never>>('mf-messaging/unread-badges', 1),
  identityCheck: defineWidget<IdentityCheckWidgetProps>('mf-account/identity-check', 1),
} as const;

export type KnownWidget = (typeof widgets)[keyof typeof widgets];

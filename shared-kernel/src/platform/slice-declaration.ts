import type { EventName } from '../events/event-bus';
import type { DeclaredPath } from './declared-paths';
import type { WidgetContract } from './widget-contracts';

/**
 * A slice's one declaration (ADR 0028): `<slice>/slice.config.ts` calls `defineSlice`, its router
 * builds its `<Route>`s from `routes`, `infra/scripts/slices.mjs` writes its `remote.json` (the
 * published descriptor the registry, the gate and the shell read) and the kernel's `DeclaredPath`
 * type from it. Nothing else writes a route of the slice.
 */

/** A react-router pattern: `/public/detail-view/:id`, `/otsing/*`. */
export type RoutePattern = `/${string}`;

type ParamList<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? [Param, ...ParamList<`/${Rest}`>]
  : P extends `${string}:${infer Param}`
    ? [Param]
    : [];

/** The values of a pattern's `:params`, in the order they appear in it. */
export type PathArgs<P extends string> = ArgsOf<ParamList<P>>;
type ArgsOf<L extends string[]> = L extends [string, ...infer Rest extends string[]] ? [string | number, ...ArgsOf<Rest>] : [];

export interface SliceNavDeclaration<To extends string> {
  group: 'common' | 'lessors' | 'renters';
  /** the Estonian menu text, shipped with the descriptor (issue 14) */
  label: string;
  /** one of the slice's own routes: a slice never puts another slice's page into the menu */
  to: To;
  order?: number;
}

export interface SliceDeclaration<R extends Record<string, RoutePattern>> {
  name: `mf-${string}`;
  /** the Module Federation scope, a JS identifier */
  scope: string;
  /** the standalone dev server's port */
  devPort: number;
  /** route name → pattern; the order is the descriptor's */
  routes: R;
  nav: readonly SliceNavDeclaration<R[keyof R]>[];
  /**
   * Widgets by their kernel contract (widget-contracts.ts, ADR 0036): the ones this slice exposes
   * (the module exports `Widget: WidgetComponent<typeof contract>`) and the ones it renders.
   */
  widgets: {
    provides: readonly { contract: WidgetContract<never>; source: `./src/${string}` }[];
    consumes: readonly WidgetContract<never>[];
  };
  /** scripts for other websites: name → file beside the entry (ADR 0025) */
  embeds?: Readonly<Record<string, `${string}.js`>>;
  events: { emits: readonly EventName[]; listens: readonly EventName[] };
  /**
   * Of its own routes, the ones its server container renders (ADR 0041); the build's `./server`
   * exports exactly these and the manifest records its server entry beside the browser one.
   */
  serverRoutes?: readonly R[keyof R][];
}

export type PathBuilders<R extends Record<string, RoutePattern>> = { [K in keyof R]: (...args: PathArgs<R[K]>) => string };

export interface DefinedSlice<R extends Record<string, RoutePattern>> extends SliceDeclaration<R> {
  /** typed path builders: `paths.productDetail(12)` → `/public/detail-view/12` */
  paths: PathBuilders<R>;
}

/** Fills a pattern's `:params` in order (values URI-encoded). */
function fill(pattern: string, args: readonly (string | number)[]): string {
  let i = 0;
  return pattern.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(String(args[i++])));
}

export function defineSlice<const R extends Record<string, RoutePattern>>(declaration: SliceDeclaration<R>): DefinedSlice<R> {
  for (const { contract } of declaration.widgets.provides) {
    if (contract.remote !== declaration.name)
      throw new Error(`${declaration.name} cannot provide ${contract.id}: the contract names ${contract.remote}`);
  }
  const paths = Object.fromEntries(
    Object.entries(declaration.routes).map(([key, pattern]) => [key, (...args: (string | number)[]) => fill(pattern, args)]),
  ) as unknown as PathBuilders<R>;
  return { ...declaration, paths };
}

/**
 * A path of any slice, checked by the compiler against every slice's declaration
 * (`DeclaredPath`, generated): `pathTo('/auth/rent-product/:id', 12)`. Links into another slice use
 * this, as a slice never imports another; a pattern its owner does not declare fails to typecheck.
 */
export function pathTo<P extends DeclaredPath>(pattern: P, ...args: PathArgs<P>): string {
  return fill(pattern, args as readonly (string | number)[]);
}

/** The shell-facing part of the published descriptor (`remote.json`); slice-contracts.ts adds the contracts the gate reads. */
export function descriptorOf<R extends Record<string, RoutePattern>>(slice: SliceDeclaration<R>) {
  return {
    name: slice.name,
    scope: slice.scope,
    devPort: slice.devPort,
    routes: Object.values(slice.routes) as string[],
    nav: slice.nav.map((n) => ({
      group: n.group,
      label: n.label,
      to: n.to as string,
      ...(n.order === undefined ? {} : { order: n.order }),
    })),
    widgets: Object.fromEntries(slice.widgets.provides.map((w) => [`./${w.contract.widget}`, w.source as string])),
    ...(slice.embeds ? { embeds: { ...slice.embeds } as Record<string, string> } : {}),
    events: { emits: [...slice.events.emits], listens: [...slice.events.listens] },
    ...(slice.serverRoutes?.length ? { serverRoutes: slice.serverRoutes.map(String) } : {}),
  };
}

import { eventVersions } from '../events/event-versions';
import { descriptorOf, type RoutePattern, type SliceDeclaration } from './slice-declaration';

/**
 * The contract versions a slice provides and consumes (ADR 0039), by widget id and event name: what
 * the publish gate holds against the live slices. Build-time only (infra/scripts/slices.mjs), not
 * exported from `shared-kernel/platform`, so no page carries it.
 */
export function contractsOf<R extends Record<string, RoutePattern>>(slice: SliceDeclaration<R>) {
  return {
    widgets: {
      provides: Object.fromEntries(slice.widgets.provides.map((w) => [w.contract.id, w.contract.version])),
      consumes: Object.fromEntries(slice.widgets.consumes.map((c) => [c.id, c.version])),
    },
    events: {
      emits: Object.fromEntries(slice.events.emits.map((e) => [e, eventVersions[e]])),
      listens: Object.fromEntries(slice.events.listens.map((e) => [e, eventVersions[e]])),
    },
  };
}

/** The published descriptor (`remote.json`): the format the shell reads, plus the contracts the gate reads. */
export function publishedDescriptorOf<R extends Record<string, RoutePattern>>(slice: SliceDeclaration<R>) {
  return { ...descriptorOf(slice), contracts: contractsOf(slice) };
}

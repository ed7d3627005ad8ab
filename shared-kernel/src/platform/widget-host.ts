import type { ComponentType } from 'react';

/**
 * The shell publishes its loader on `window` so any slice, built against any kernel version, can
 * load another slice's widget through the one Module Federation runtime that knows the remotes.
 */
export interface PlatformHost {
  loadWidget: (remote: string, widget: string, attempt: number) => Promise<ComponentType<Record<string, unknown>>>;
  hasWidget: (remote: string, widget: string) => boolean;
}

const KEY = '__rendimePlatformHost';

export function setPlatformHost(host: PlatformHost): void {
  (window as unknown as Record<string, unknown>)[KEY] = host;
}

export function getPlatformHost(): PlatformHost | null {
  if (typeof window === 'undefined') return null;
  return ((window as unknown as Record<string, unknown>)[KEY] as PlatformHost | undefined) ?? null;
}

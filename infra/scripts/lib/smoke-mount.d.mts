import type { Manifest } from './registry.mjs';
export function publicRouteOf(routes: string[]): string | null;
export function smokeMount(opts: {
  registryDir: string;
  buildDir: string;
  descriptor: { name: string; scope: string; routes: string[]; [k: string]: unknown };
  version: string;
  manifest: Manifest;
  shellDist: string;
  chromiumPath?: string;
  timeoutMs?: number;
  settleMs?: number;
}): Promise<{ ok: boolean; problems: string[]; mode: 'route' | 'direct'; path: string }>;

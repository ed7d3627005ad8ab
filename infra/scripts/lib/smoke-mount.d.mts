import type { Manifest } from './registry.mjs';
/** The sandbox API and test user the signed-in routes are mounted with (ADR 0039). */
export interface SignedIn {
  apiUrl: string;
  username: string;
  password: string;
}
export function publicRouteOf(routes: string[]): string | null;
export function signedInRoutesOf(routes: string[]): string[];
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
  signedIn?: SignedIn | false;
}): Promise<{ ok: boolean; problems: string[]; mode: 'route' | 'direct'; path: string; signedInRoutes: string[] }>;

import type { SignedIn } from './smoke-mount.types.mjs';
export interface ShellDescriptor {
  name: string;
  version: string;
  shared: Record<string, string>;
  contracts?: { widgets?: { consumes?: Record<string, number> } };
  federationRuntime?: { provides: boolean; version: string };
  kernel: { version: string; provides?: string[]; exports: Record<string, string[]> };
}

export type SmokeOption =
  boolean | { chromiumPath?: string; timeoutMs?: number; settleMs?: number; signedIn?: SignedIn | false; render?: { budgetMs?: number } };

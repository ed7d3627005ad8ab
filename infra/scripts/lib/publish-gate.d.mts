import type { Manifest } from './registry.mjs';
import type { SignedIn } from './smoke-mount.mjs';
export interface ShellDescriptor {
  name: string;
  version: string;
  shared: Record<string, string>;
  contracts?: { widgets?: { consumes?: Record<string, number> } };
  federationRuntime?: { provides: boolean; version: string };
  kernel: { version: string; provides?: string[]; exports: Record<string, string[]> };
}
export declare const REQUIRED_SHARED: string[];
export declare const KERNEL_OWNED: Record<string, string>;
export declare const SHELL_ONLY_KERNEL: string[];
export declare const KERNEL_CONTRACTS: string[];
export declare const KERNEL_PROVIDED_PACKAGES: Record<string, string>;
export function readShellDescriptor(shellDist: string): ShellDescriptor;
export function descriptorProblems(descriptor: unknown, expectedName?: string): string[];
export function sharedProblems(descriptor: { shared?: Record<string, string> }, shell: ShellDescriptor): string[];
export function runtimeProblems(
  descriptor: { federationRuntime?: { external?: boolean; version?: string } },
  shell: ShellDescriptor,
): string[];
export function kernelExportProblems(descriptor: { kernelImports?: Record<string, string[]> }, shell: ShellDescriptor): string[];
export function bundledProblems(descriptor: { bundled?: { kernel?: string[]; packages?: string[] } }, shell: ShellDescriptor): string[];
export function routesOverlap(a: string, b: string): boolean;
export function routeMatches(pattern: string, to: string): boolean;
export function routeProblems(descriptor: { name: string; routes?: string[]; nav?: { to: string }[] }, manifest: Manifest): string[];
export function embedFileProblems(descriptor: unknown, buildDir: string): string[];
export function staticProblems(descriptor: unknown, ctx: { manifest: Manifest; shell: ShellDescriptor; expectedName?: string }): string[];
export function candidateProblems(
  descriptor: unknown,
  buildDir: string,
  ctx: { manifest: Manifest; shell: ShellDescriptor; expectedName?: string },
): string[];
/** The smoke render of the build's server entry (ADR 0041): reasons it is refused, empty when it passes or has none. */
export function serverEntryProblems(descriptor: Record<string, unknown>, buildDir: string, o?: { budgetMs?: number }): Promise<string[]>;
export function publishRelease(opts: {
  registryDir: string;
  buildDir: string;
  origin: string;
  expectedName?: string;
  shellDist?: string;
  shell?: ShellDescriptor;
  smoke?:
    boolean | { chromiumPath?: string; timeoutMs?: number; settleMs?: number; signedIn?: SignedIn | false; render?: { budgetMs?: number } };
  who?: string;
  reason?: string;
}): Promise<{ name: string; version: string; manifest: Manifest; entry: string }>;

import type { Manifest } from './registry.mjs';
export function contractShapeProblems(descriptor: unknown): string[];
export function contractProblems(descriptor: unknown, manifest: Manifest, shell?: unknown): string[];

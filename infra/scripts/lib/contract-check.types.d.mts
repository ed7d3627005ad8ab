import type { Manifest } from './registry.types.mjs';

import type { SignedIn } from './smoke-mount.types.mjs';

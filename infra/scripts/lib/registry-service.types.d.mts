import type { FastifyInstance } from 'fastify';
import type { RegistryStore } from './registry-store.types.mjs';
import type { StaticStore } from './static-store.d.mts';
import type { SignedIn } from './smoke-mount.types.mjs';

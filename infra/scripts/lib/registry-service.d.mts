import type { FastifyInstance } from 'fastify';
import type { RegistryStore } from './registry-store.d.mts';
import type { StaticStore } from './static-store.d.mts';
export function adminTokenProblem(token: string): string | null;
export function hashToken(token: string): string;
export function newToken(): string;
export function buildRegistryService(o: {
  store: RegistryStore;
  staticStore: StaticStore;
  cdnBase: string;
  shellDist: string;
  adminToken?: string;
  smokeMount?: (o: object) => Promise<{ ok: boolean; problems: string[] }>;
}): Promise<FastifyInstance>;

import type { FastifyInstance } from 'fastify';
import type { RegistryStore } from './registry-store.d.mts';
import type { StaticStore } from './static-store.d.mts';
export function adminTokenProblem(token: string): string | null;
import type { SignedIn } from './smoke-mount.mjs';
export function hashToken(token: string): string;
export function newToken(): string;
export function buildRegistryService(o: {
  store: RegistryStore;
  staticStore: StaticStore;
  cdnBase: string;
  shellDist: string;
  adminToken?: string;
  smokeMount?: (o: { signedIn: SignedIn | false; [k: string]: unknown }) => Promise<{ ok: boolean; problems: string[] }>;
  signIn?: { settings: () => Promise<SignedIn>; stop: () => Promise<void> } | null;
}): Promise<FastifyInstance>;

import type { FastifyInstance } from 'fastify';
export declare const API_BODY_LIMIT: number;
export declare const API_UPLOAD_LIMIT: number;
export declare function pageCsp(opts: { remoteOrigins?: string[]; tileOrigins?: string[]; overrides?: { load: string[]; connect: string[] } }): string;
export declare function isHashedAsset(file: string): boolean;
export declare function startRemoteServer(opts: { name: string; registryDir: string; port: number; host?: string }): Promise<FastifyInstance>;
export declare function startShellServer(opts: {
  shellDist: string;
  registryDir: string;
  port: number;
  apiPort: number;
  host?: string;
  control?: (app: FastifyInstance) => void;
  runtimeConfig?: object;
}): Promise<FastifyInstance>;

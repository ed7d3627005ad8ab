import type { SignedIn } from './smoke-mount.mjs';
export function smokeUser(env?: NodeJS.ProcessEnv): Promise<{ username: string; password: string }>;
export function startSandboxApi(o?: { timeoutMs?: number }): Promise<{ url: string; stop: () => Promise<void> }>;
export function sandboxSignIn(env?: NodeJS.ProcessEnv): { settings: () => Promise<SignedIn>; stop: () => Promise<void> };

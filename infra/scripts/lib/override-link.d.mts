export const OVERRIDE_STORAGE_KEY: string;
export const OVERRIDE_QUERY_PARAM: string;
export function overrideProblem(entry: string, env?: Record<string, string | undefined>): string | null;
export function overrideUrl(shellOrigin: string, name: string, entry: string, path?: string): string;
export function overrideInstructions(shellOrigin: string, name: string, entry: string): string;

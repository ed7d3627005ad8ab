export declare const SMOKE_RENDER_BUDGET_MS: number;
export declare function buildServerEntry(buildDir: string): string | null;
export declare function smokeRender(
  buildDir: string,
  o?: { budgetMs?: number },
): Promise<{ ok: boolean; problems: string[]; routes?: string[] }>;

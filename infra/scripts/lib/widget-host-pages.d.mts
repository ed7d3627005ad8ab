export declare function widgetSnippet(opts: {
  platformOrigin: string;
  ownerId: number;
  layout?: 'grid' | 'list';
  limit?: number;
  category?: number;
}): string;
export declare const HOSTILE_CSS: string;
export declare function hostPages(opts: { platformOrigin: string; ownerId: number }): Record<string, string>;
export declare function startHostSite(opts: {
  port: number;
  platformOrigin: string;
  ownerId: number;
}): Promise<{ origin: string; setOwner(id: number): void; setPage(at: string, body: string): void; stop(): Promise<void> }>;

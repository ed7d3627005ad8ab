export interface PrerenderSnapshot {
  key: string;
  path: string;
  css: string;
  html: string;
  remote?: string;
  version?: string;
  release?: string;
}

export interface ServerRendered {
  status: number;
  /** the slice's markup; empty for a status only (404/410: the client-rendered page with that status) */
  html: string;
  head: string;
  state: unknown;
  /** the remote and the version that rendered it (null: a status looked up without a render) */
  remote?: string;
  version?: string | null;
  /** A streamed render (serverRender's `stream`): its markup within the budget, or null when it failed. */
  markup?: () => Promise<string | null>;
}

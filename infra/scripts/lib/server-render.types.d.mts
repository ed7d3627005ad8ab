export interface ServerRendered {
  status: number;
  html: string;
  head: string;
  state: unknown;
}

export declare function prerenderLive(opts: {
  registryDir: string;
  shellDist: string;
  chromiumPath?: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<{ path: string; key?: string; stored: boolean; reused?: boolean; ms?: number; bytes?: number; problem?: string }[]>;

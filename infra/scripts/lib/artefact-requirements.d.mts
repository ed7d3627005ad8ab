export function packageOfShareKey(key: string): string;
export function descriptorRangeOf(
  shared: Record<string, string> | undefined,
  key: string,
): { range: string; via: string; exact: boolean } | null;
export function consumesOfRemoteEntry(code: string): { key: string; range: string | false }[];
export function readArtefactRequirements(buildDir: string): {
  problems: string[];
  entryFile: string;
  entry: { key: string; range: string | false }[];
  manifest: { key: string; range: string }[];
  exposes: string[];
};
export function artefactProblems(descriptor: unknown, buildDir: string, shell: unknown): string[];

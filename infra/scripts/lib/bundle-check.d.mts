export declare const UNSAFE_MARKERS: { what: string; pattern: RegExp }[];
export declare function bundleDirs(root?: string): string[];
export declare function findUnsafeBundleContent(dirs: string[]): { file: string; what: string }[];

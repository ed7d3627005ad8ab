export declare const segments: (p: string) => string[];
export declare const isParam: (s: string) => boolean;
export declare function routeMatches(pattern: string, to: string): boolean;

/** The snapshot's CSS without the rules of Emotion classes no element of `markup` has. */
export function withoutUnusedClassRules(css: string, markup: string): string;

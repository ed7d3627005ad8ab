// `import { z } from 'shared-kernel/zod'`: zod's usual namespace, limited to the builders in z.ts.
export * as z from './z';

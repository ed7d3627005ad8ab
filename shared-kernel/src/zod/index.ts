import { config } from 'zod';
import { zodIssueMessage } from './issue-message';

// `import { z } from 'shared-kernel/zod'`: zod's usual namespace, limited to the builders in z.ts.
export * as z from './z';
export { zodIssueMessage };

// zod keeps one error map per process (on globalThis), so installing the Estonian one here covers
// every parse in a page or process that loads the kernel's zod: forms, the API's request checks,
// a slice's own safeParse. A schema's own text still wins; zod's English never shows (issue 26).
config({ customError: zodIssueMessage });

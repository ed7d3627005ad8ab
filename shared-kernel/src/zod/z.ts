// The zod builders the kernel and the slices use, by name. This module is the page's one zod: the
// shell provides `shared-kernel/zod` as a singleton, and a shared module keeps all of its own
// exports, so naming them here (rather than re-exporting zod's `z` whole, 73 KB brotli) keeps the
// shared copy to what is used (ADR 0030). A builder not listed is a kernel minor: add it here.
export {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  looseObject,
  NEVER,
  number,
  object,
  preprocess,
  record,
  string,
  union,
  unknown,
  url,
} from 'zod';
export type { core, infer, input, output, ZodNumber, ZodObject, ZodType } from 'zod';

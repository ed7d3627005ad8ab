import { z } from 'shared-kernel/zod';

/**
 * The shell is configured at run time by the page that serves it (a `rendime-config` JSON script
 * tag or defaults), so one build runs against any release manifest and API.
 */
const ShellEnv = z.object({
  manifestUrl: z.string().default('/release-manifest.json'),
  apiBaseUrl: z.string().default('/api'),
});
export type ShellEnv = z.infer<typeof ShellEnv>;

export function readEnv(doc: Document = document): ShellEnv {
  const tag = doc.getElementById('rendime-config');
  let raw: unknown = {};
  if (tag?.textContent) {
    try {
      raw = JSON.parse(tag.textContent);
    } catch {
      raw = {};
    }
  }
  return ShellEnv.parse(raw);
}

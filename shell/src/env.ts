/**
 * The shell is configured at run time by the page that serves it (a `rendime-config` JSON script
 * tag or defaults), so one build runs against any release manifest and API.
 */
export interface ShellEnv {
  manifestUrl: string;
  apiBaseUrl: string;
}

const DEFAULTS: ShellEnv = { manifestUrl: '/release-manifest.json', apiBaseUrl: '/api' };

// Read by hand, not with zod: this runs before the first paint, and the page's zod is fetched only
// when a later page needs it (ADR 0030, issue 28). A missing value takes its default; anything
// else that is not a string (or a tag that is not an object) is refused, as the schema did.
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
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new TypeError('rendime-config: must be an object');
  const record = raw as Record<string, unknown>;
  const env = { ...DEFAULTS };
  for (const key of ['manifestUrl', 'apiBaseUrl'] as const) {
    const value = record[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`rendime-config: ${key} must be a string`);
    env[key] = value;
  }
  return env;
}

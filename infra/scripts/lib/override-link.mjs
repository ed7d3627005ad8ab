// `registry.mjs override`: how to point ONE browser at a developer's build of one remote (ADR 0021).
// The shared release manifest is left alone; the shell stores the override in that browser's
// localStorage when it opens the printed link, and strips the parameter from the address bar.
import { overrideConfig } from './runtime-config.mjs';

export const OVERRIDE_STORAGE_KEY = 'rendime:overrides';
export const OVERRIDE_QUERY_PARAM = 'rendime-override';
const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/**
 * Whether the shell started with `env` would honour `entry` (the same rule as the shell's
 * isAllowedEntry): http(s), on loopback or an origin listed in RENDIME_OVERRIDE_ORIGINS.
 * @param {string} entry @param {Record<string, string | undefined>} [env]
 * @returns {string | null} null when allowed, else why not
 */
export function overrideProblem(entry, env = process.env) {
  let url;
  try {
    url = new URL(entry);
  } catch {
    return `${entry} is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${entry} is not http(s)`;
  const origins = overrideConfig({ ...env, RENDIME_OVERRIDES: '1' })?.origins ?? [];
  if (!LOOPBACK.has(url.hostname) && !origins.includes(url.origin)) {
    return `${url.origin} is neither loopback (localhost, 127.0.0.1) nor listed in RENDIME_OVERRIDE_ORIGINS`;
  }
  return null;
}

/**
 * The shell URL that sets (entry) or clears (entry '') the override of `name` in the browser that opens it.
 * @param {string} shellOrigin @param {string} name @param {string} entry @param {string} [path]
 */
export function overrideUrl(shellOrigin, name, entry, path = '/public') {
  const url = new URL(path, shellOrigin);
  url.searchParams.set(OVERRIDE_QUERY_PARAM, `${name}=${entry}`);
  return url.toString();
}

/**
 * What `registry.mjs override <remote> <url>` prints.
 * @param {string} shellOrigin @param {string} name @param {string} entry
 */
export function overrideInstructions(shellOrigin, name, entry) {
  const snippet = `localStorage.setItem('${OVERRIDE_STORAGE_KEY}', JSON.stringify({ ...JSON.parse(localStorage.getItem('${OVERRIDE_STORAGE_KEY}') || '{}'), [${JSON.stringify(name)}]: ${JSON.stringify(entry)} })); location.reload();`;
  return [
    `To load ${name} from ${entry} in ONE browser (the release manifest stays as it is for everybody else),`,
    'open this link in that browser:',
    '',
    `  ${overrideUrl(shellOrigin, name, entry)}`,
    '',
    'or run this in its developer console:',
    '',
    `  ${snippet}`,
    '',
    `The shell then shows 'Kohalik versioon: ${name}' with a 'Tühista' button that goes back to the published version;`,
    `${overrideUrl(shellOrigin, name, '')} clears it too.`,
  ].join('\n');
}

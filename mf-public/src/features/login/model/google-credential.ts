/** The client id the API's sandbox verifier accepts (infra/api/src/services/google). */
export const SANDBOX_GOOGLE_CLIENT_ID = 'rendime-sandbox.apps.googleusercontent.com';

/**
 * Which Google client the page uses: the `googleClientId` of the page's `rendime-config` JSON,
 * or the sandbox when there is none (local platform, tests).
 */
export function googleClientId(doc: Document = document): string {
  const text = doc.getElementById('rendime-config')?.textContent;
  if (text) {
    try {
      const value = (JSON.parse(text) as { googleClientId?: unknown }).googleClientId;
      if (typeof value === 'string' && value.trim()) return value.trim();
    } catch {
      // a broken config tag means no Google client is configured
    }
  }
  return SANDBOX_GOOGLE_CLIENT_ID;
}

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An unsigned ID token in the shape the sandbox verifier accepts: what the Google button would
 * hand over for this account, minus the signature. Only ever used with the sandbox client id.
 */
export function sandboxGoogleCredential(email: string, now: Date = new Date()): string {
  const address = email.trim().toLowerCase();
  const header = { alg: 'none', typ: 'JWT' };
  const payload = {
    iss: 'https://accounts.google.com',
    aud: SANDBOX_GOOGLE_CLIENT_ID,
    sub: `sandbox-${address}`,
    email: address,
    email_verified: true,
    exp: Math.floor(now.getTime() / 1000) + 3600,
  };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.`;
}

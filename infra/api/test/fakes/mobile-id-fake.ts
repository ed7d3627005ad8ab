import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PersonCert } from './identity-pki';

/**
 * A local Mobile-ID REST API (POST /authentication, GET /authentication/session/{id}?timeoutMs=):
 * RUNNING once, then COMPLETE with the pair's result, or OK signed over the relying party's hash.
 */
export interface MobileIdAccount {
  result: string;
  cert?: PersonCert;
  tamper?: boolean;
}

export interface MobileIdFake {
  url: string;
  /** "phone personalCode" -> account; an unknown pair ends as NOT_MID_CLIENT, as the service does. */
  accounts: Map<string, MobileIdAccount>;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

// DER DigestInfo prefix of SHA-256 (RFC 8017, 9.2): the phone signs the hash it was given.
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

export async function startMobileIdFake(options: { rpUuid: string }): Promise<MobileIdFake> {
  const accounts = new Map<string, MobileIdAccount>();
  const sessions = new Map<string, { account: MobileIdAccount; hash: Buffer; polls: number }>();
  const requests: MobileIdFake['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/mid-api/authentication') {
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        requests.push({ path: url.pathname, body });
        const hash = typeof body.hash === 'string' ? Buffer.from(body.hash, 'base64') : Buffer.alloc(0);
        const ok =
          body.relyingPartyUUID === options.rpUuid &&
          typeof body.relyingPartyName === 'string' &&
          /^\+\d{7,15}$/.test(String(body.phoneNumber)) &&
          /^\d{11}$/.test(String(body.nationalIdentityNumber)) &&
          body.hashType === 'SHA256' &&
          hash.length === 32 &&
          ['EST', 'ENG', 'RUS', 'LIT'].includes(String(body.language));
        if (!ok) return send(res, 400, { error: 'Required parameters missing or invalid' });
        const account = accounts.get(`${String(body.phoneNumber)} ${String(body.nationalIdentityNumber)}`) ?? { result: 'NOT_MID_CLIENT' };
        const sessionID = crypto.randomUUID();
        sessions.set(sessionID, { account, hash, polls: 0 });
        return send(res, 200, { sessionID });
      }
      const status = /^\/mid-api\/authentication\/session\/([0-9a-f-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const session = sessions.get(status[1]);
        if (!session) return send(res, 404, { error: 'SessionID not found' });
        session.polls += 1;
        if (session.polls === 1) return send(res, 200, { state: 'RUNNING' });
        const { account, hash } = session;
        if (account.result !== 'OK' || !account.cert) return send(res, 200, { state: 'COMPLETE', result: account.result });
        const signature = crypto.privateEncrypt(
          { key: account.cert.privateKey, padding: crypto.constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO, hash]),
        );
        if (account.tamper) signature[signature.length - 1] ^= 0x01;
        return send(res, 200, {
          state: 'COMPLETE',
          result: 'OK',
          signature: { value: signature.toString('base64'), algorithm: 'SHA256WithRSAEncryption' },
          cert: account.cert.der.toString('base64'),
          time: new Date().toISOString().slice(0, 19),
          traceId: crypto.randomBytes(8).toString('hex'),
        });
      }
      send(res, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mid-api`,
    accounts,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

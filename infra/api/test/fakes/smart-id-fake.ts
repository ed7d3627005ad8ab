import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PersonCert } from './identity-pki';

/**
 * A local Smart-ID RP API v3 (notification-based authentication by ETSI semantics identifier,
 * ACSP_V2): it checks the request as the service does, answers RUNNING once, then COMPLETE with
 * the account's end result, or with a signature made with the account's certificate.
 */
export interface SmartIdAccount {
  endResult: string;
  /** The certificate the answer carries (OK only). */
  cert?: PersonCert;
  /** Flip a byte of the signature, as an attacker in the middle would. */
  tamper?: boolean;
}

export interface SmartIdFake {
  url: string;
  accounts: Map<string, SmartIdAccount>;
  /** Every request body the fake received, for the tests' wire-level assertions. */
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

interface Session {
  account: SmartIdAccount;
  request: Record<string, unknown>;
  polls: number;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

function badRequest(body: Record<string, unknown>, rpUuid: string): string | undefined {
  const params = (body.signatureProtocolParameters ?? {}) as Record<string, unknown>;
  const challenge = typeof params.rpChallenge === 'string' ? params.rpChallenge : '';
  if (body.relyingPartyUUID !== rpUuid) return 'relyingPartyUUID';
  if (typeof body.relyingPartyName !== 'string' || Buffer.byteLength(body.relyingPartyName) > 32) return 'relyingPartyName';
  if (body.signatureProtocol !== 'ACSP_V2') return 'signatureProtocol';
  const bytes = BASE64.test(challenge) ? Buffer.from(challenge, 'base64').length : 0;
  if (bytes < 32 || bytes > 64) return 'rpChallenge';
  if (params.signatureAlgorithm !== 'rsassa-pss') return 'signatureAlgorithm';
  if (body.vcType !== 'numeric4') return 'vcType';
  if (typeof body.interactions !== 'string' || !Array.isArray(JSON.parse(Buffer.from(body.interactions, 'base64').toString('utf8'))))
    return 'interactions';
  return undefined;
}

function complete(session: Session, schemeName: string): Record<string, unknown> {
  const { account, request } = session;
  if (account.endResult !== 'OK' || !account.cert) return { state: 'COMPLETE', result: { endResult: account.endResult } };
  const params = request.signatureProtocolParameters as { rpChallenge: string; signatureAlgorithmParameters: { hashAlgorithm: string } };
  const hash = params.signatureAlgorithmParameters.hashAlgorithm;
  const saltLength = { 'SHA-256': 32, 'SHA-384': 48, 'SHA-512': 64, 'SHA3-256': 32, 'SHA3-384': 48, 'SHA3-512': 64 }[hash] ?? 64;
  const serverRandom = crypto.randomBytes(24).toString('base64');
  const userChallenge = crypto.randomBytes(32).toString('base64url');
  const interactionsDigest = crypto.createHash('sha256').update(String(request.interactions), 'utf8').digest('base64');
  const payload = `${schemeName}|ACSP_V2|${serverRandom}|${params.rpChallenge}|${userChallenge}|${Buffer.from(String(request.relyingPartyName)).toString('base64')}||${interactionsDigest}|displayTextAndPIN||Notification`;
  const signature = crypto.sign(hash.toLowerCase(), Buffer.from(payload, 'utf8'), {
    key: account.cert.privateKey,
    padding: crypto.constants.RSA_PKCS1_PSS_PADDING,
    saltLength,
  });
  if (account.tamper) signature[signature.length - 1] ^= 0x01;
  return {
    state: 'COMPLETE',
    result: { endResult: 'OK', documentNumber: 'PNOEE-FAKE-MOCK-Q' },
    signatureProtocol: 'ACSP_V2',
    signature: {
      value: signature.toString('base64'),
      serverRandom,
      userChallenge,
      flowType: 'Notification',
      signatureAlgorithm: 'rsassa-pss',
      signatureAlgorithmParameters: {
        hashAlgorithm: hash,
        maskGenAlgorithm: { algorithm: 'id-mgf1', parameters: { hashAlgorithm: hash } },
        saltLength,
        trailerField: '0xbc',
      },
    },
    cert: { value: account.cert.der.toString('base64'), certificateLevel: 'QUALIFIED' },
    interactionTypeUsed: 'displayTextAndPIN',
  };
}

export async function startSmartIdFake(options: { rpUuid: string; schemeName?: string }): Promise<SmartIdFake> {
  const accounts = new Map<string, SmartIdAccount>();
  const sessions = new Map<string, Session>();
  const requests: SmartIdFake['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const start = /^\/v3\/authentication\/notification\/etsi\/PNOEE-(\d{11})$/.exec(url.pathname);
      if (req.method === 'POST' && start) {
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        requests.push({ path: url.pathname, body });
        const wrong = badRequest(body, options.rpUuid);
        if (wrong) return send(res, 400, { title: 'Bad Request', status: 400, detail: wrong });
        const account = accounts.get(start[1]);
        if (!account) return send(res, 404, { title: 'Not Found', status: 404 });
        const sessionID = crypto.randomUUID();
        sessions.set(sessionID, { account, request: body, polls: 0 });
        return send(res, 200, { sessionID });
      }
      const status = /^\/v3\/session\/([0-9a-f-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const session = sessions.get(status[1]);
        if (!session) return send(res, 404, { title: 'Not Found', status: 404 });
        if (!url.searchParams.get('timeoutMs')) return send(res, 400, { detail: 'timeoutMs' });
        session.polls += 1;
        if (session.polls === 1) return send(res, 200, { state: 'RUNNING' });
        return send(res, 200, complete(session, options.schemeName ?? 'smart-id'));
      }
      send(res, 404, { title: 'Not Found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v3`, accounts, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

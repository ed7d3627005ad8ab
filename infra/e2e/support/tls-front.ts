import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';

// The TLS edge of the production-profile journey (issue 30): what the Ingress does in the cluster
// (infra/deploy/k8s), terminate HTTPS for a public host name and pass every request, streams
// included, to the shell server. The certificate is self-signed for the journey's host name; the
// browser is told to accept it (ignoreHTTPSErrors), never to skip the Secure-cookie rules.

export interface TlsFront {
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/** A self-signed certificate for `host` (openssl is on every Debian machine the suite runs on). */
export function selfSignedCertificate(host: string): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** HTTPS on `port` (all interfaces of loopback) in front of the plain-HTTP `upstream`. */
export async function startTlsFront({ host, port, upstream }: { host: string; port: number; upstream: string }): Promise<TlsFront> {
  const { key, cert } = selfSignedCertificate(host);
  const target = new URL(upstream);
  const sockets = new Set<Duplex>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-host': req.headers.host ?? host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    req.pipe(forward);
    res.on('close', () => forward.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `https://${host}:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// Static servers for the shell and each remote. Each remote gets its own origin, as if deployed by
// its team to its own host; the shell's server also serves the release manifest and forwards /api.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import compress from '@fastify/compress';
import { manifestPath } from './registry.mjs';
import { withRuntimeConfig } from './runtime-config.mjs';

/** One remote's origin: serves every stored version of it, immutable, with CORS for the shell. */
export async function startRemoteServer({ name, registryDir, port, host = '127.0.0.1' }) {
  const app = Fastify({ logger: false });
  const root = path.join(registryDir, name);
  fs.mkdirSync(root, { recursive: true });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Timing-Allow-Origin', '*');
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    // Versioned folders never change; mf-manifest.json and remoteEntry.js of a version are fixed too.
    setHeaders: (res, file) => {
      res.header('Cache-Control', file.endsWith('.json') ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  await app.listen({ port, host });
  return app;
}

/** The shell's origin: its static build, the release manifest, the /api proxy and the runtime config. */
export async function startShellServer({ shellDist, registryDir, port, apiPort, host = '127.0.0.1', control, runtimeConfig = {} }) {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(httpProxy, {
    upstream: `http://127.0.0.1:${apiPort}`,
    prefix: '/api',
    rewritePrefix: '',
    http2: false,
  });
  app.get('/release-manifest.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.type('application/json');
    return fs.readFileSync(manifestPath(registryDir), 'utf8');
  });
  if (control) control(app);
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: false,
    setHeaders: (res, file) => {
      res.header('Cache-Control', /\.[0-9a-f]{8}\.js$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Every page URL answers the shell's index.html; the shell decides what to show.
  const indexHtml = () => withRuntimeConfig(fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8'), runtimeConfig);
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' || path.extname(req.url.split('?')[0])) {
      reply.code(404).type('text/plain').send('Not found');
      return;
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
  });
  await app.listen({ port, host });
  return app;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml, linkifyEscaped } from '../../lib/html';
import { mediaResponse, responses } from '../../schemas/responses';
import { StoredMailList } from '../../schemas/sandbox';

/** The sandbox mail outbox, readable by a person (HTML) and by tests and e2e journeys (JSON). */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sandbox/outbox.json', { schema: { response: responses({ 200: StoredMailList }) } }, async () => app.outbox.list(100));

  app.get(
    '/sandbox/outbox',
    { schema: { response: responses({ 200: mediaResponse('The latest 100 mails as a page', ['text/html']) }) } },
    async (_request, reply) => {
      const mails = await app.outbox.list(100);
      const items = mails
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">Kellele: ${escapeHtml(m.to)} · ${escapeHtml(m.createdTs)}</p>
  <pre>${linkifyEscaped(m.body)}</pre>
</article>`,
        )
        .join('\n');
      const html = `<!doctype html>
<html lang="et">
<head><meta charset="utf-8"><title>Rendime postkast (liivakast)</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap;font-family:inherit}h1{color:#39C689}</style>
</head>
<body>
<h1>Rendime postkast (liivakast)</h1>
<p>Viimased ${mails.length} kirja. Päris keskkonnas saadetakse need kirjad e-postiga.</p>
${items || '<p>Kirju pole.</p>'}
</body>
</html>`;
      // The page is static text; a strict CSP makes sure nothing in a mail can run.
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(html);
    },
  );
};

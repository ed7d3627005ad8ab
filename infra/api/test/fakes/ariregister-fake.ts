import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A company the fake register knows: its name and the personal codes of its representatives. */
export interface FakeCompany {
  name: string;
  /** `role`: esindus_v2's fyysilise_isiku_roll (JUHL board member, ASES, S shareholder…); `sole`: ainuesindusoigus_olemas (default JAH). */
  representatives: { code: string; firstName: string; lastName: string; role: string; sole?: boolean; country?: string }[];
}

/**
 * A local stand-in for the e-Business Register's XML service: answers `esindus_v2` SOAP requests
 * in the register's shape (ettevotjad/item with ariregistri_kood, arinimi and isikud/item with
 * fyysilise_isiku_kood), refuses a wrong contract login with a SOAP fault, and can be told to hang.
 */
export async function startFakeAriregister(
  companies: Record<string, FakeCompany>,
  login = { username: 'rendime', password: 'ari-secret' },
) {
  const state = { requests: 0, hangMs: 0, lastBody: '' };
  const tag = (body: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([^<]*)</`).exec(body)?.[1];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      state.requests += 1;
      state.lastBody = body;
      const answer = () => {
        res.setHeader('content-type', 'text/xml; charset=utf-8');
        if (req.method !== 'POST' || !body.includes('esindus_v2')) {
          res.statusCode = 500;
          res.end(fault('Tundmatu teenus'));
          return;
        }
        if (tag(body, 'ariregister_kasutajanimi') !== login.username || tag(body, 'ariregister_parool') !== login.password) {
          res.statusCode = 500;
          res.end(fault('Kasutaja autentimine ebaõnnestus'));
          return;
        }
        const code = tag(body, 'ariregistri_kood') ?? '';
        res.end(answerXml(code, companies[code]));
      };
      if (state.hangMs > 0) setTimeout(answer, state.hangMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fault(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>${esc(text)}</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
}

function answerXml(code: string, company: FakeCompany | undefined): string {
  const items = company
    ? `<ns1:item><ns1:ariregistri_kood>${code}</ns1:ariregistri_kood><ns1:arinimi>${esc(company.name)}</ns1:arinimi><ns1:isikud>${company.representatives
        .map(
          (p) =>
            `<ns1:item><ns1:isiku_liik>F</ns1:isiku_liik><ns1:fyysilise_isiku_kood>${p.code}</ns1:fyysilise_isiku_kood><ns1:fyysilise_isiku_eesnimi>${esc(p.firstName)}</ns1:fyysilise_isiku_eesnimi><ns1:fyysilise_isiku_perenimi>${esc(p.lastName)}</ns1:fyysilise_isiku_perenimi><ns1:isikukood_riik>${p.country ?? 'EST'}</ns1:isikukood_riik><ns1:fyysilise_isiku_roll>${p.role}</ns1:fyysilise_isiku_roll><ns1:ainuesindusoigus_olemas>${p.sole === false ? 'EI' : 'JAH'}</ns1:ainuesindusoigus_olemas></ns1:item>`,
        )
        .join('')}</ns1:isikud></ns1:item>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="http://arireg.x-road.eu/producer/"><SOAP-ENV:Body><ns1:esindus_v2Response><ns1:keha><ns1:ettevotjad>${items}</ns1:ettevotjad></ns1:keha></ns1:esindus_v2Response></SOAP-ENV:Body></SOAP-ENV:Envelope>`;
}

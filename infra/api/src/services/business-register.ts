import type { BusinessValidateRequest, BusinessValidateResponse } from 'shared-kernel/schemas';
import { validateIsikukood } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';

/** The company register check of business sign-up; production would call the e-Business Register. */
export interface BusinessRegister {
  validate(request: BusinessValidateRequest): Promise<BusinessValidateResponse>;
}

const W1 = [1, 2, 3, 4, 5, 6, 7];
const W2 = [3, 4, 5, 6, 7, 8, 9];

/** Estonian registry codes carry a mod-11 check digit with the same two-pass scheme as isikukood. */
export function isValidRegistryCode(code: string): boolean {
  if (!/^[1789]\d{7}$/.test(code)) return false;
  const digits = [...code.slice(0, 7)].map(Number);
  const pass = (w: number[]) => digits.reduce((acc, d, i) => acc + d * w[i], 0) % 11;
  let check = pass(W1);
  if (check === 10) check = pass(W2);
  if (check === 10) check = 0;
  return check === Number(code[7]);
}

/**
 * Sandbox register: a company is "found" when its registry code is well-formed (8 digits, first
 * 1/7/8/9, valid check digit) and the representative's personal code is a valid isikukood.
 */
export class SandboxBusinessRegister implements BusinessRegister {
  async validate(request: BusinessValidateRequest): Promise<BusinessValidateResponse> {
    if (!isValidRegistryCode(request.registryCode)) {
      return { valid: false, message: format(messages.errors.registration.registryCodeInvalid, { code: request.registryCode }) };
    }
    if (!validateIsikukood(request.personalCode)) {
      return { valid: false, message: format(messages.errors.registration.representativeCodeInvalid, { code: request.personalCode }) };
    }
    return {
      valid: true,
      message: format(messages.errors.registration.companyVerified, { name: request.name, person: request.personName }),
    };
  }
}

/** How the real register client reaches the e-Business Register's XML service (ariregxmlv6). */
export interface AriregisterOptions {
  /** The service's address, e.g. https://ariregxmlv6.rik.ee/ (or an X-Road security server's). */
  url: string;
  /** The contract user name and password of the register's paid XML service. */
  username: string;
  password: string;
  /** How long one question may take before the register counts as not answering. */
  timeoutMs: number;
  /** How long an answer is reused (the same company checked twice in one sign-up). */
  cacheTtlMs: number;
  clock?: { now(): Date };
  fetch?: typeof fetch;
}

/** One company as the register's `esindus_v2` answer lists it. */
export interface RegisterCompany {
  registryCode: string;
  name: string;
  /**
   * Personal codes of the persons who may represent it alone: Estonian codes marked with the sole
   * right of representation (`ainuesindusoigus_olemas` JAH), whatever their role (board member
   * JUHL, authorised representative ASES…). Others the answer lists (a board member who acts only
   * jointly, a shareholder) cannot open the company's account on their own.
   */
  representatives: string[];
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const xmlUnescape = (s: string) =>
  s.replace(/&(#x?[0-9a-f]+|lt|gt|amp|quot|apos);/gi, (_m, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (e in named) return named[e];
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });

/** The elements named `tag` (any namespace prefix) directly or deeper in `xml`, as inner text. */
function elements(xml: string, tag: string): string[] {
  const re = new RegExp(`<(?:[\\w-]+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>`, 'g');
  return [...xml.matchAll(re)].map((m) => m[1]);
}
const first = (xml: string, tag: string) => {
  const found = elements(xml, tag)[0];
  return found === undefined ? undefined : xmlUnescape(found.trim());
};

/** The SOAP request of `esindus_v2` (the register's "right of representation" service) for one company. */
export function esindusRequest(options: Pick<AriregisterOptions, 'username' | 'password'>, registryCode: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:prod="http://arireg.x-road.eu/producer/">',
    '<soapenv:Body><prod:esindus_v2><prod:keha>',
    `<prod:ariregister_kasutajanimi>${xmlEscape(options.username)}</prod:ariregister_kasutajanimi>`,
    `<prod:ariregister_parool>${xmlEscape(options.password)}</prod:ariregister_parool>`,
    `<prod:ariregistri_kood>${xmlEscape(registryCode)}</prod:ariregistri_kood>`,
    '<prod:keel>est</prod:keel>',
    '</prod:keha></prod:esindus_v2></soapenv:Body></soapenv:Envelope>',
  ].join('');
}

/** Reads an `esindus_v2` answer: the company (null when the register has none) and its representatives. */
export function parseEsindusResponse(xml: string, registryCode: string): RegisterCompany | null {
  const fault = first(xml, 'faultstring');
  if (fault !== undefined) throw new Error(`Äriregister SOAP fault: ${fault}`);
  // One company is asked for, so the answer lists at most that one (items nest: read it whole).
  const company = elements(xml, 'ettevotjad')[0] ?? '';
  if (first(company, 'ariregistri_kood') !== registryCode) return null;
  // The same rule as RIA's own legal-person login (TARA) on this service: an Estonian personal
  // code with the sole right of representation.
  const persons = elements(elements(company, 'isikud').join(''), 'item');
  const representatives = persons
    .filter((p) => first(p, 'ainuesindusoigus_olemas') === 'JAH' && (first(p, 'isikukood_riik') ?? 'EST') === 'EST')
    .map((p) => first(p, 'fyysilise_isiku_kood') ?? '')
    .filter((code) => /^\d{11}$/.test(code));
  return { registryCode, name: first(company, 'arinimi') ?? '', representatives };
}

/**
 * The e-Business Register over its XML service (`esindus_v2`): the company by registry code, its
 * name, and whether the representative's personal code is among those who may represent it.
 * A register that does not answer in time registers nobody: the sign-up says so and can be retried.
 */
export class AriregisterBusinessRegister implements BusinessRegister {
  private readonly cache = new Map<string, { company: RegisterCompany | null; until: number }>();
  private readonly clock: { now(): Date };
  private readonly fetch: typeof fetch;

  constructor(private readonly options: AriregisterOptions) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.fetch = options.fetch ?? fetch;
  }

  async validate(request: BusinessValidateRequest): Promise<BusinessValidateResponse> {
    const t = messages.errors.registration;
    // Malformed codes never reach the register.
    if (!isValidRegistryCode(request.registryCode))
      return { valid: false, message: format(t.registryCodeInvalid, { code: request.registryCode }) };
    if (!validateIsikukood(request.personalCode))
      return { valid: false, message: format(t.representativeCodeInvalid, { code: request.personalCode }) };
    let company: RegisterCompany | null;
    try {
      company = await this.lookup(request.registryCode);
    } catch {
      return { valid: false, message: t.registerUnavailable };
    }
    if (!company) return { valid: false, message: format(t.registryCodeNotFound, { code: request.registryCode }) };
    if (!company.representatives.includes(request.personalCode)) {
      return { valid: false, message: format(t.representativeNotInRegister, { code: request.personalCode, name: company.name }) };
    }
    return { valid: true, message: format(t.companyVerified, { name: company.name, person: request.personName }) };
  }

  /** The company as the register answers now, or from the cache while its answer is fresh. */
  async lookup(registryCode: string): Promise<RegisterCompany | null> {
    const now = this.clock.now().getTime();
    const cached = this.cache.get(registryCode);
    if (cached && cached.until > now) return cached.company;
    const res = await this.fetch(this.options.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' },
      body: esindusRequest(this.options, registryCode),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok && !text.includes('Fault')) throw new Error(`Äriregister HTTP ${res.status}`);
    const company = parseEsindusResponse(text, registryCode);
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(registryCode, { company, until: now + this.options.cacheTtlMs });
    return company;
  }
}

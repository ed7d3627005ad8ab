import { PDFDocument } from 'pdf-lib';
import { contractStatusLabel, formatEuros } from 'shared-kernel/domain';
import { format, messages, PRODUCT_NAME } from 'shared-kernel/messages/server';
import { formatTallinn, inTallinn, REFUND_SCHEDULE } from 'shared-kernel/time';
import type { ContractDocumentData, ContractParty } from '../../repositories/contract-document-repository';
import { LAYOUT_FEATURES, loadFonts, onceParsedFontkit } from './fonts';
import { PageWriter } from './page-writer';

const t = messages.contractDocument;

/** The file name a download is saved under. */
export function contractFileName(contractId: number): string {
  return format(t.fileName, { id: contractId });
}

/** The schedule of spec 9 as lines, from the kernel's table (the one cancellations are refunded by). */
export function refundScheduleLines(): string[] {
  const steps = [...REFUND_SCHEDULE].sort((a, b) => b.moreThanHours - a.moreThanHours);
  const lines = steps.map((step, i) =>
    i === 0
      ? format(t.refundMoreThan, { hours: step.moreThanHours, percent: step.percent })
      : format(t.refundBetween, { from: steps[i - 1].moreThanHours, to: step.moreThanHours, percent: step.percent }),
  );
  const last = steps.at(-1);
  if (last) lines.push(format(t.refundUnder, { hours: last.moreThanHours, percent: 0 }));
  return lines;
}

/** A list of names from the contract's JSON snapshot; anything that is not one reads as none. */
function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

function vatRate(bp: number): string {
  return (bp / 100).toLocaleString('et-EE', { maximumFractionDigits: 2 });
}

function orMissing(value: string | null | undefined): string {
  return value?.trim() ? value : t.missing;
}

function partyFields(party: ContractParty): [string, string][] {
  const name = party.type === 'B2C' ? [party.name, party.lastName].filter(Boolean).join(' ') : party.name;
  const fields: [string, string][] = [[t.name, orMissing(name)]];
  if (party.type === 'B2B') {
    fields.push([t.registryCode, orMissing(party.registryCode)]);
    if (party.representativeName) fields.push([t.representative, party.representativeName]);
  } else {
    fields.push([t.identityCode, orMissing(party.identityCode)]);
  }
  fields.push([t.phone, orMissing(party.phone)], [t.email, orMissing(party.email)]);
  return fields;
}

/**
 * The rental contract as a PDF (A4, Estonian, DejaVu Sans embedded as a subset). Times are
 * Europe/Tallinn wall-clock times; money is the contract's own cents, so the document shows what
 * was charged, not a price computed again.
 */
export async function renderContractPdf(c: ContractDocumentData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(onceParsedFontkit);
  const bytes = await loadFonts();
  const options = { subset: true, features: LAYOUT_FEATURES };
  const [regular, bold] = await Promise.all([doc.embedFont(bytes.regular, options), doc.embedFont(bytes.bold, options)]);
  const title = format(t.title, { id: c.id });
  doc.setTitle(title);
  doc.setLanguage('et-EE');
  doc.setCreator(PRODUCT_NAME);
  doc.setProducer(PRODUCT_NAME);
  // The contract's own date, so the same contract gives the same document metadata.
  doc.setCreationDate(c.createdTs);
  doc.setModificationDate(c.extensions.at(-1)?.paidTs ?? c.createdTs);

  const w = new PageWriter(doc, { regular, bold });
  w.title(title);
  w.paragraph(format(t.date, { date: inTallinn(c.createdTs).toFormat('dd.MM.yyyy') }));
  w.paragraph(format(t.status, { status: contractStatusLabel(c.status) }));
  const latest = c.extensions.at(-1);
  if (latest) w.paragraph(format(messages.extensions.document.version, { version: latest.version }), { bold: true });
  w.gap(6);
  w.paragraph(t.intro, { muted: true });

  w.heading(t.partiesTitle);
  w.fieldColumns([
    { title: t.owner, fields: partyFields(c.owner) },
    { title: t.renter, fields: partyFields(c.renter) },
  ]);

  w.heading(t.productTitle);
  w.field(t.product, c.product.name);
  if (c.product.category) w.field(t.category, c.product.category);
  if (c.product.location) w.field(t.location, c.product.location);
  w.field(t.deposit, formatEuros(c.product.depositCents));

  w.heading(t.periodTitle);
  w.paragraph(format(t.period, { start: formatTallinn(c.startTs), end: formatTallinn(c.endTs) }), { bold: true });
  if (c.reservation.hourly) w.paragraph(t.hourly);
  if (c.extensions.length > 0) {
    w.paragraph(messages.extensions.document.title, { bold: true });
    for (const e of c.extensions) {
      const params = {
        version: e.version,
        previous: formatTallinn(e.previousEndTs),
        next: formatTallinn(e.newEndTs),
        date: inTallinn(e.paidTs).toFormat('dd.MM.yyyy'),
        amount: formatEuros(e.differenceCents),
      };
      w.bullet(format(messages.extensions.document.line, params));
    }
  }
  w.paragraph(t.timeZone, { muted: true });

  w.heading(t.pricesTitle);
  w.amount(t.rentNet, formatEuros(c.amountCents));
  w.amount(format(t.vat, { rate: vatRate(c.reservation.vatRateBp) }), formatEuros(c.vatCents));
  w.amount(t.platformFee, formatEuros(c.feeCents));
  w.amount(t.additionalServices, formatEuros(c.additionalServiceCostCents));
  for (const service of c.services) w.amount(service.name, formatEuros(service.costCents), { indent: 12, muted: true });
  w.rule();
  w.amount(t.total, formatEuros(c.amountCents + c.vatCents + c.feeCents + c.additionalServiceCostCents), { bold: true });
  w.gap(4);
  w.paragraph(c.paidLater ? t.paidLater : t.paidOnPlatform);

  if (c.reservation.acceptedText?.trim()) {
    w.heading(t.acceptedTextTitle);
    w.paragraph(c.reservation.acceptedText);
  }

  // The go-kart contract names everyone who rides (spec: contractData.RAASILLA_RIDERS_NAMES).
  const riders = stringList(c.contractData.RAASILLA_RIDERS_NAMES);
  if (riders.length > 0) {
    w.heading(t.ridersTitle);
    const slots = stringList(c.contractData.RAASILLA_SLOTS);
    if (slots.length > 0) w.paragraph(format(t.slots, { slots: slots.join(', ') }));
    for (const rider of riders) w.bullet(rider);
  }

  w.heading(t.refundTitle);
  w.paragraph(t.refundIntro);
  for (const line of refundScheduleLines()) w.bullet(line);
  w.paragraph(t.refundFull);

  w.heading(t.returnTitle);
  for (const rule of [t.returnOnTime, t.lateReturn, t.defectsOrThirdParty, t.notReturned]) w.bullet(rule);

  w.footers((page, pages) => `${title} · ${format(t.page, { page, pages })}`);
  return doc.save();
}

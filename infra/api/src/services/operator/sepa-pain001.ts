/**
 * An ISO 20022 `pain.001.001.03` customer credit-transfer initiation (a SEPA payout file) for the
 * bank's file upload: one payment block from the platform's account, one transaction per payout.
 * Pure: the caller chooses the ids and the time, so a test can validate the exact document.
 */

export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

export interface SepaParty {
  name: string;
  iban: string;
  bic?: string;
}

export interface SepaTransfer {
  /** Unique per payout (the bank and the payee see it); at most 35 characters. */
  endToEndId: string;
  amountCents: number;
  creditor: SepaParty;
  /** What the payee's statement says; at most 140 characters. */
  remittance: string;
}

export interface Pain001Input {
  /** Unique per file; at most 35 characters. */
  msgId: string;
  createdAt: Date;
  /** 'YYYY-MM-DD': when the bank is to execute the transfers. */
  executionDate: string;
  debtor: SepaParty;
  transfers: SepaTransfer[];
}

/** Integer cents as the schema's decimal amount: 1234 → '12.34'. No float ever touches the money. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`Not a payable amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Text for an element: control characters dropped, XML's five specials escaped, cut to the schema's length. */
function text(value: string, max: number): string {
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return [...clean]
    .slice(0, max)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const iban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

function agent(party: SepaParty): string {
  // SEPA: without a BIC the agent is 'NOTPROVIDED' (IBAN-only payments).
  return party.bic
    ? `<FinInstnId><BIC>${text(party.bic, 11)}</BIC></FinInstnId>`
    : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
}

export function buildPain001(input: Pain001Input): string {
  if (input.transfers.length === 0) throw new RangeError('A payout file needs at least one transfer');
  const total = input.transfers.reduce((sum, t) => sum + t.amountCents, 0);
  const count = String(input.transfers.length);
  const created = input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const transactions = input.transfers
    .map(
      (t) =>
        '<CdtTrfTxInf>' +
        `<PmtId><EndToEndId>${text(t.endToEndId, 35)}</EndToEndId></PmtId>` +
        `<Amt><InstdAmt Ccy="EUR">${centsToDecimal(t.amountCents)}</InstdAmt></Amt>` +
        (t.creditor.bic ? `<CdtrAgt>${agent(t.creditor)}</CdtrAgt>` : '') +
        `<Cdtr><Nm>${text(t.creditor.name, 70)}</Nm></Cdtr>` +
        `<CdtrAcct><Id><IBAN>${iban(t.creditor.iban)}</IBAN></Id></CdtrAcct>` +
        `<RmtInf><Ustrd>${text(t.remittance, 140)}</Ustrd></RmtInf>` +
        '</CdtTrfTxInf>',
    )
    .join('\n      ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${PAIN001_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${text(input.msgId, 35)}</MsgId>
      <CreDtTm>${created}</CreDtTm>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${centsToDecimal(total)}</CtrlSum>
      <InitgPty><Nm>${text(input.debtor.name, 70)}</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${text(input.msgId, 35)}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>false</BtchBookg>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${centsToDecimal(total)}</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
      <ReqdExctnDt>${input.executionDate}</ReqdExctnDt>
      <Dbtr><Nm>${text(input.debtor.name, 70)}</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${iban(input.debtor.iban)}</IBAN></Id></DbtrAcct>
      <DbtrAgt>${agent(input.debtor)}</DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>
      ${transactions}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
}

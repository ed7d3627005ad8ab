// Time to make one rental contract PDF (pdf-lib, DejaVu Sans subsets), without the database: a
// typical one-page contract and a long one (a long owner's note, several pages).
//   pnpm --filter infra-api bench:pdf [-- --iterations 50]
import { performance } from 'node:perf_hooks';
import type { ContractDocumentData, ContractParty } from '../src/repositories/contract-document-repository';
import { renderContractPdf } from '../src/services/contract-pdf';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { p50: q(0.5), p95: q(0.95), n: s.length };
}

const party = (over: Partial<ContractParty>): ContractParty => ({
  type: 'B2C',
  name: 'Mari',
  lastName: 'Maasikas',
  identityCode: '49002280001',
  registryCode: null,
  representativeName: null,
  phone: '+37255512345',
  email: 'rentija@rendime.ee',
  ...over,
});

function contract(acceptedText: string): ContractDocumentData {
  return {
    id: 4711,
    status: 'ACCEPTED',
    createdTs: new Date('2025-06-02T08:00:00Z'),
    startTs: new Date('2025-06-10T06:00:00Z'),
    endTs: new Date('2025-06-12T14:30:00Z'),
    amountCents: 10000,
    vatCents: 2772,
    feeCents: 155,
    additionalServiceCostCents: 1550,
    paidLater: false,
    contractData: {},
    renterId: 1,
    ownerId: 2,
    reservation: { id: 1, hash: 'BenchHash0000000000001', hourly: false, acceptedText, vatRateBp: 2400 },
    product: { id: 1, name: 'Sõiduk Äkke Öö Üks', depositCents: 50000, location: 'Pärnu mnt 10, Tallinn', category: 'Autoveohaagised' },
    services: [{ name: 'Haagise kinnitusrihmad', costCents: 1550 }],
    extensions: [],
    owner: party({
      type: 'B2B',
      name: 'Rendiäri OÜ',
      lastName: null,
      identityCode: null,
      registryCode: '12345678',
      representativeName: 'Peeter Põder',
      phone: '+37255534567',
      email: 'firma@rendime.ee',
    }),
    renter: party({}),
  };
}

async function measure(label: string, data: ContractDocumentData, iterations: number): Promise<void> {
  // The first document reads the fonts and warms the JIT; it is not a sample.
  const first = performance.now();
  const bytes = await renderContractPdf(data);
  const firstMs = performance.now() - first;
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await renderContractPdf(data);
    samples.push(performance.now() - started);
  }
  const s = stats(samples);
  console.log(
    `${label}: p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms over ${s.n} (first ${firstMs.toFixed(0)} ms, ${(bytes.length / 1024).toFixed(0)} KiB)`,
  );
}

async function main(): Promise<void> {
  const iterations = arg('iterations', 50);
  await measure('contract PDF, one page', contract('Võti on postkastis.'), iterations);
  await measure('contract PDF, long note', contract('Pikk märkus, kõik tingimused loetud ja kokku lepitud. '.repeat(150)), iterations);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

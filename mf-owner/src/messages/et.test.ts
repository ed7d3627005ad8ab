import { technicalFieldsFor, TECHNICAL_CATEGORY_IDS } from 'shared-kernel/domain';
import { TechnicalFields } from 'shared-kernel/schemas';
import { ownerTexts } from './et';

function leaves(value: unknown, path: string[] = []): Array<[string, unknown]> {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  return [[path.join('.'), value]];
}

describe("mf-owner's texts", () => {
  it('holds only non-empty strings', () => {
    for (const [path, value] of leaves(ownerTexts)) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
      expect(path).not.toMatch(/\s/);
    }
  });

  // The kernel defines the technical fields; the labels are ours, so a field added there needs one here.
  it('has an Estonian label for every technical field the kernel defines and every category shows', () => {
    const labels: Record<string, string> = ownerTexts.technical;
    for (const key of Object.keys(TechnicalFields.shape)) expect(labels[key]).toBeTruthy();
    const ids = TECHNICAL_CATEGORY_IDS;
    const categories = [
      ids.trackedMachinery,
      ids.passengerCar,
      ids.liftsParent,
      ...ids.liftChildren,
      ids.truckCrane,
      ids.trailer,
      ...ids.vehicles,
      29,
    ];
    for (const c of categories) for (const f of technicalFieldsFor(c, null)) expect(labels[f.key]).toBeTruthy();
  });

  // Issue 25: 'Arve hiljem (paid later)' was half English. Placeholders ({price}) are code, not text.
  it('has no English words left in the texts', () => {
    const english =
      /\b(the|and|paid|later|with|for|your|please|invalid|required|error|failed|account|payment|price|product|booking|save|cancel|loading)\b/i;
    for (const [path, value] of leaves(ownerTexts)) {
      const text = (value as string).replace(/\{[a-zA-Z]+\}/g, '');
      expect([path, english.test(text)]).toEqual([path, false]);
    }
    expect(ownerTexts.wizard.paidLater).toBe('Arve hiljem (rentija tasub omaniku esitatud arve alusel)');
  });

  it('keeps the texts the journeys look for', () => {
    expect(ownerTexts.myProducts.title).toBe('Minu tooted');
    expect(ownerTexts.technical.liftType).toBe('Tõstuki tüüp');
  });
});

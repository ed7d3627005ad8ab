import type { TechnicalFields } from '../schemas/catalog';

/**
 * Category-specific technical fields (owner spec 3 and 9). The spec names the categories that have
 * their own fields (57 tracked machinery, 56 passenger car, 60–64 lifts, 59 truck crane, 17 trailer,
 * 8 and 9 vehicles) and the options, but not which field shows where beyond those ids: the sets
 * below are ours, chosen as a rental customer would ask about each kind of item. The wizard shows
 * `technicalFieldsFor(...)`, the API accepts only those fields and checks them with
 * `technicalFieldProblems`, so a field can never be saved on a category that does not show it.
 */
export type TechnicalFieldKey = keyof TechnicalFields;

export type TechnicalFieldSpec =
  | { key: TechnicalFieldKey; kind: 'number'; unit?: string; min: number; max: number }
  | { key: TechnicalFieldKey; kind: 'integer'; unit?: string; min: number; max: number }
  | { key: TechnicalFieldKey; kind: 'select'; options: readonly string[] }
  | { key: TechnicalFieldKey; kind: 'boolean' }
  | { key: TechnicalFieldKey; kind: 'text'; maxLength: number };

export const TECHNICAL_OPTIONS = {
  engine: ['Diisel', 'Bensiin', 'Elekter'],
  liftEngine: ['Diisel', 'Bensiin', 'Elekter', 'Aku', 'Elekter/bensiin', 'Elekter/aku'],
  drive: ['esivedu', 'tagavedu', 'nelikvedu', 'kaheratta'],
  gear: ['automaat', 'manuaal'],
  trackConfiguration: ['Roomikud', 'Kummist roomikud', 'Ratastel'],
  liftType: ['Järelveetav korvtõstuk', 'Korvtõstuk rastastel', 'Käärtõstuk', 'Käsikahveltõstuk', 'Saalitõstuk', 'Laotõstuk'],
} as const;

export const TECHNICAL_CATEGORY_IDS = {
  trackedMachinery: 57,
  passengerCar: 56,
  liftsParent: 60,
  liftChildren: [61, 62, 63, 64],
  truckCrane: 59,
  trailer: 17,
  vehicles: [8, 9],
} as const;

const n = (key: TechnicalFieldKey, unit: string, max: number): TechnicalFieldSpec => ({ key, kind: 'number', unit, min: 0, max });
const i = (key: TechnicalFieldKey, max: number, unit?: string, min = 0): TechnicalFieldSpec => ({ key, kind: 'integer', unit, min, max });
const s = (key: TechnicalFieldKey, options: readonly string[]): TechnicalFieldSpec => ({ key, kind: 'select', options });
const b = (key: TechnicalFieldKey): TechnicalFieldSpec => ({ key, kind: 'boolean' });
const t = (key: TechnicalFieldKey, maxLength = 100): TechnicalFieldSpec => ({ key, kind: 'text', maxLength });

const YEAR = (): TechnicalFieldSpec => i('issueYear', 2100, undefined, 1950);
const DIMENSIONS = [n('lengthOfItem', 'm', 100), n('width', 'm', 20), n('height', 'm', 20), n('weight', 'kg', 200_000)];

const SETS: Record<string, readonly TechnicalFieldSpec[]> = {
  trackedMachinery: [
    s('engineType', TECHNICAL_OPTIONS.engine),
    s('carryConfiguration', TECHNICAL_OPTIONS.trackConfiguration),
    n('power', 'kW', 2000),
    YEAR(),
    n('radiusMax', 'm', 100),
    ...DIMENSIONS,
    b('canGoForeign'),
  ],
  passengerCar: [
    s('engineType', TECHNICAL_OPTIONS.engine),
    s('gear', TECHNICAL_OPTIONS.gear),
    s('carryingWheels', TECHNICAL_OPTIONS.drive),
    i('seat', 60),
    YEAR(),
    n('power', 'kW', 2000),
    i('distanceTravelled', 3_000_000, 'km'),
    b('canGoForeign'),
  ],
  lifts: [
    s('liftType', TECHNICAL_OPTIONS.liftType),
    s('engineType', TECHNICAL_OPTIONS.liftEngine),
    n('platformHeight', 'm', 100),
    n('maxCarry', 'kg', 100_000),
    n('radiusMax', 'm', 100),
    t('platformMeasurements'),
    n('weight', 'kg', 200_000),
    YEAR(),
  ],
  truckCrane: [
    s('engineType', TECHNICAL_OPTIONS.engine),
    n('maxCarry', 'kg', 500_000),
    n('radiusMax', 'm', 200),
    i('axleCount', 12),
    n('weight', 'kg', 200_000),
    YEAR(),
    b('canGoForeign'),
  ],
  trailer: [...DIMENSIONS, n('maxCarry', 'kg', 50_000), i('axleCount', 6), b('canGoForeign')],
  vehicles: [
    s('engineType', TECHNICAL_OPTIONS.engine),
    s('gear', TECHNICAL_OPTIONS.gear),
    s('carryingWheels', TECHNICAL_OPTIONS.drive),
    i('seat', 60),
    n('maxCarry', 'kg', 50_000),
    YEAR(),
    i('distanceTravelled', 3_000_000, 'km'),
    b('canGoForeign'),
  ],
  other: DIMENSIONS,
};

/** The technical fields a product in `categoryId` (whose parent is `parentCategoryId`) shows and accepts. */
export function technicalFieldsFor(categoryId: number, parentCategoryId: number | null): readonly TechnicalFieldSpec[] {
  const ids = TECHNICAL_CATEGORY_IDS;
  if (categoryId === ids.trackedMachinery) return SETS.trackedMachinery;
  if (categoryId === ids.passengerCar) return SETS.passengerCar;
  if (
    categoryId === ids.liftsParent ||
    parentCategoryId === ids.liftsParent ||
    (ids.liftChildren as readonly number[]).includes(categoryId)
  )
    return SETS.lifts;
  if (categoryId === ids.truckCrane) return SETS.truckCrane;
  if (categoryId === ids.trailer) return SETS.trailer;
  if ((ids.vehicles as readonly number[]).includes(categoryId) || parentCategoryId === ids.vehicles[0]) return SETS.vehicles;
  return SETS.other;
}

/**
 * Problems of `input` for the category: fields the category does not have, values out of range or
 * not among the options. Empty when all is well. Keys are field names; values Estonian texts.
 */
export function technicalFieldProblems(
  input: Partial<Record<TechnicalFieldKey, unknown>>,
  categoryId: number,
  parentCategoryId: number | null,
): Partial<Record<TechnicalFieldKey, string>> {
  const specs = new Map(technicalFieldsFor(categoryId, parentCategoryId).map((spec) => [spec.key, spec]));
  const problems: Partial<Record<TechnicalFieldKey, string>> = {};
  for (const [key, value] of Object.entries(input) as [TechnicalFieldKey, unknown][]) {
    if (value === null || value === undefined || value === '') continue;
    const spec = specs.get(key);
    if (!spec) {
      problems[key] = 'See väli ei kuulu selle kategooria juurde.';
      continue;
    }
    switch (spec.kind) {
      case 'number':
      case 'integer':
        if (
          typeof value !== 'number' ||
          !Number.isFinite(value) ||
          value < spec.min ||
          value > spec.max ||
          (spec.kind === 'integer' && !Number.isInteger(value))
        ) {
          problems[key] = `Lubatud ${spec.min}–${spec.max}`;
        }
        break;
      case 'select':
        if (typeof value !== 'string' || !spec.options.includes(value)) problems[key] = `Vali: ${spec.options.join(', ')}`;
        break;
      case 'boolean':
        if (typeof value !== 'boolean') problems[key] = 'Vali jah või ei';
        break;
      case 'text':
        if (typeof value !== 'string' || value.length > spec.maxLength) problems[key] = `Kuni ${spec.maxLength} märki`;
        break;
    }
  }
  return problems;
}

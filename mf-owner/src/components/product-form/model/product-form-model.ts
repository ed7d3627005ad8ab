import { z } from 'shared-kernel/zod';
import {
  fromCents,
  netFromOwnerPriceCents,
  ownerPriceCents,
  technicalFieldProblems,
  technicalFieldsFor,
  toCents,
  type TechnicalFieldKey,
} from 'shared-kernel/domain';
import {
  OWNER_LIMITS,
  Weekday,
  type Category,
  type TechnicalFieldsInput,
  type NewProductRequest,
  type ProductDetails,
  type UpdateProductRequest,
} from 'shared-kernel/schemas';
import { ownerTexts } from '../../../messages/et';

const t = ownerTexts.wizard;

/** Cents of a euro amount typed by the owner ('12', '12,5', '12.50'); null when it is not one. */
export function parseEuroCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

/** Cents as the owner types them back: '12', '12,50'. */
export function centsText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',');
}

const optionalPrice = z.string().refine((v) => v.trim() === '' || parseEuroCents(v) !== null, t.invalidAmount);
const requiredPrice = z
  .string()
  .trim()
  .min(1, t.required)
  .refine((v) => v === '' || (parseEuroCents(v) ?? 0) > 0, t.invalidAmount);

export const ServiceRow = z.object({
  id: z.number().int().optional(),
  name: z.string().max(OWNER_LIMITS.serviceNameMax, t.serviceNameMax),
  additionalInfo: z.string().max(OWNER_LIMITS.serviceInfoMax, t.serviceInfoMax),
  cost: z.string().refine((v) => v.trim() === '' || parseEuroCents(v) !== null, t.invalidAmount),
});
export type ServiceRow = z.infer<typeof ServiceRow>;

/** Spec 4: a row is kept (and may be saved) only with both a name and a cost. */
export const serviceRowComplete = (row: Pick<ServiceRow, 'name' | 'cost'> | undefined) =>
  Boolean(row && row.name.trim() !== '' && row.cost.trim() !== '');
export const emptyServiceRow = (): ServiceRow => ({ name: '', additionalInfo: '', cost: '' });

export const PRICE_TIERS = ['priceHour', 'threeDay', 'aweek', 'twoWeek', 'month', 'weekendDay'] as const;
type PriceTier = (typeof PRICE_TIERS)[number];

const fields = {
  name: z.string().trim().min(1, t.required).max(OWNER_LIMITS.nameMax),
  parentCategoryId: z.string().min(1, t.required),
  categoryId: z.string().min(1, t.required),
  description: z.string().trim().min(1, t.required).max(OWNER_LIMITS.descriptionMax),
  images: z.array(z.string()),
  priceDaily: requiredPrice,
  priceHour: optionalPrice,
  threeDay: optionalPrice,
  aweek: optionalPrice,
  twoWeek: optionalPrice,
  month: optionalPrice,
  weekendDay: optionalPrice,
  cost: optionalPrice,
  technical: z.record(z.string(), z.string().optional()),
  productCode: z.string().trim().max(OWNER_LIMITS.productCodeMax, t.max100),
  paidLater: z.boolean(),
  automaticallyApproved: z.boolean(),
  automaticallyApprovedTxt: z.string().trim().max(OWNER_LIMITS.approvalTextMax, t.max250),
  rentDays: z.array(Weekday),
  startTs: z.string().min(1, t.required),
  endTs: z.string().min(1, t.required),
  vacationDays: z.array(z.string()),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  locationDescription: z.string(),
  services: z.array(ServiceRow),
};

export type ProductFormValues = z.infer<z.ZodObject<typeof fields>>;

/**
 * The wizards' form. Its texts are what the owner typed (prices with VAT for a VAT-liable owner);
 * `productFields` turns them into the contract's request. The cross-field rules sit here so that
 * 'Edasi' (which checks one step's fields) shows them on the field they belong to.
 */
export function productFormSchema({ requireImages, startAfterEnd }: { requireImages: boolean; startAfterEnd: string }) {
  return z.object(fields).superRefine((v, ctx) => {
    if (requireImages && v.images.length === 0) ctx.addIssue({ code: 'custom', path: ['images'], message: t.imagesRequired });
    if (v.automaticallyApproved && v.automaticallyApprovedTxt.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['automaticallyApprovedTxt'], message: t.required });
    if (v.lon === null || v.lat === null) ctx.addIssue({ code: 'custom', path: ['lon'], message: t.locationRequired });
    if (v.startTs && v.endTs && v.startTs >= v.endTs) ctx.addIssue({ code: 'custom', path: ['endTs'], message: startAfterEnd });
    const category = Number(v.categoryId);
    if (category > 0) {
      const problems = technicalFieldProblems(
        technicalValues(v.technical, category, Number(v.parentCategoryId) || null),
        category,
        Number(v.parentCategoryId) || null,
      );
      for (const [key, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: ['technical', key], message });
    }
  });
}

/** The fields each add-wizard step checks before 'Edasi'. */
export const ADD_STEP_FIELDS: readonly (readonly (keyof ProductFormValues | `technical.${string}`)[])[] = [
  [
    'name',
    'parentCategoryId',
    'categoryId',
    'description',
    'images',
    'priceDaily',
    ...PRICE_TIERS,
    'cost',
    'technical',
    'productCode',
    'automaticallyApprovedTxt',
  ],
  ['startTs', 'endTs'],
  ['lon'],
  ['services'],
];

export const DEFAULT_RENT_DAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    parentCategoryId: '',
    categoryId: '',
    description: '',
    images: [],
    priceDaily: '',
    priceHour: '',
    threeDay: '',
    aweek: '',
    twoWeek: '',
    month: '',
    weekendDay: '',
    cost: '',
    technical: {},
    productCode: '',
    paidLater: false,
    automaticallyApproved: false,
    automaticallyApprovedTxt: '',
    rentDays: [...DEFAULT_RENT_DAYS],
    startTs: '08:00',
    endTs: '18:00',
    vacationDays: [],
    lat: null,
    lon: null,
    locationDescription: '',
    services: [],
  };
}

/** The typed technical values of the category's fields (others are dropped, as the server refuses them). */
export function technicalValues(
  texts: Record<string, string | undefined>,
  categoryId: number,
  parentCategoryId: number | null,
): Partial<Record<TechnicalFieldKey, string | number | boolean>> {
  const out: Partial<Record<TechnicalFieldKey, string | number | boolean>> = {};
  for (const spec of technicalFieldsFor(categoryId, parentCategoryId)) {
    const raw = (texts[spec.key] ?? '').trim();
    if (raw === '') continue;
    if (spec.kind === 'number' || spec.kind === 'integer') out[spec.key] = Number(raw.replace(',', '.'));
    else if (spec.kind === 'boolean') out[spec.key] = raw === 'true';
    else out[spec.key] = raw;
  }
  return out;
}

export interface Owner {
  allowVat: boolean;
  isBusiness: boolean;
}

const netEuros = (text: string, owner: Owner) => fromCents(netFromOwnerPriceCents(parseEuroCents(text) ?? 0, owner.allowVat));
const optionalNet = (text: string, owner: Owner) => (text.trim() === '' ? null : netEuros(text, owner));

/** The general and time fields of a request, prices converted to net of VAT. */
export function productFields(v: ProductFormValues, owner: Owner): UpdateProductRequest {
  const categoryId = Number(v.categoryId);
  const parentCategoryId = Number(v.parentCategoryId) || null;
  const tiers = Object.fromEntries(PRICE_TIERS.map((key) => [key, optionalNet(v[key], owner)])) as Record<PriceTier, number | null>;
  const body: UpdateProductRequest = {
    name: v.name.trim(),
    categoryId,
    description: v.description.trim(),
    priceDaily: netEuros(v.priceDaily, owner),
    ...tiers,
    // A deposit is money held, not a rental price: no VAT on it.
    cost: v.cost.trim() === '' ? 0 : fromCents(parseEuroCents(v.cost) ?? 0),
    rentDays: v.rentDays,
    startTs: v.startTs,
    endTs: v.endTs,
    vacationDays: v.vacationDays,
    lat: v.lat ?? Number.NaN,
    lon: v.lon ?? Number.NaN,
    locationDescription: v.locationDescription.trim() || null,
    technical: technicalValues(v.technical, categoryId, parentCategoryId) as TechnicalFieldsInput,
  };
  if (owner.isBusiness) {
    body.productCode = v.productCode.trim() || null;
    body.paidLater = v.paidLater;
    body.automaticallyApproved = v.automaticallyApproved;
    body.automaticallyApprovedTxt = v.automaticallyApproved ? v.automaticallyApprovedTxt.trim() : null;
  }
  return body;
}

/** Spec 5: services without a name or a cost are dropped on save; cost with a comma is read as a dot. */
export function serviceInputs(rows: readonly ServiceRow[], owner: Owner) {
  return rows.filter(serviceRowComplete).map((row) => serviceInput(row, owner));
}

/** A service row as the request sends it: its price typed with VAT (as every price of the wizard), sent net. */
export function serviceInput(row: ServiceRow, owner: Owner) {
  return { name: row.name.trim(), additionalInfo: row.additionalInfo.trim() || null, cost: netEuros(row.cost, owner) };
}

export function newProductRequest(v: ProductFormValues, owner: Owner): NewProductRequest {
  return { ...productFields(v, owner), images: v.images, additionalServices: serviceInputs(v.services, owner) };
}

/**
 * The edit wizard's starting values: the product as loaded, every price (tiers and services) shown
 * with the owner's VAT by the kernel's one conversion, which `productFields` / `serviceInput` undo
 * exactly, so saving unchanged stores the same net prices.
 */
export function formFromProduct(p: ProductDetails, owner: Owner): ProductFormValues {
  const shown = (net: number | null) => (net === null ? '' : centsText(ownerPriceCents(toCents(net), owner.allowVat)));
  const technical: Record<string, string> = {};
  for (const [key, value] of Object.entries(p.technical)) if (value !== null && value !== undefined) technical[key] = String(value);
  return {
    ...emptyProductForm(),
    name: p.name,
    parentCategoryId: p.parentCategoryId ? String(p.parentCategoryId) : '',
    categoryId: String(p.categoryId),
    description: p.description,
    images: p.images.map((image) => image.url),
    priceDaily: shown(p.priceDaily),
    priceHour: shown(p.priceHour),
    threeDay: shown(p.threeDay),
    aweek: shown(p.aweek),
    twoWeek: shown(p.twoWeek),
    month: shown(p.month),
    weekendDay: shown(p.weekendDay),
    cost: p.cost ? centsText(toCents(p.cost)) : '',
    technical,
    productCode: p.productCode ?? '',
    paidLater: p.paidLater,
    automaticallyApproved: p.automaticallyApproved,
    automaticallyApprovedTxt: p.automaticallyApprovedTxt ?? '',
    rentDays: p.rentDays,
    startTs: p.startTs.slice(0, 5),
    endTs: p.endTs.slice(0, 5),
    vacationDays: [...p.vacationDays],
    lat: p.lat,
    lon: p.lon,
    locationDescription: p.locationDescription ?? '',
    services: p.additionalServices.map((s) => ({ id: s.id, name: s.name, additionalInfo: s.additionalInfo ?? '', cost: shown(s.cost) })),
  };
}

export const categoryOptions = (categories: readonly Category[], parentId: number | null) =>
  categories.filter((c) => c.parentCategoryId === parentId).map((c) => ({ value: String(c.id), label: c.name }));

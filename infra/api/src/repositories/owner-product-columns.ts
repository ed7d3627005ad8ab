import type { TechnicalFieldsInput, UpdateProductRequest } from 'shared-kernel/schemas';
import type { z } from 'zod';
import { eurosToCents } from '../lib/money';

// A product's columns as the owner's forms write them (split from owner-product-repository.ts, issue 26).

/** The fields both `POST /products` and `PUT /products/{id}` write (as parsed: defaults applied). */
export type ProductFieldsInput = z.output<typeof UpdateProductRequest>;

const optionalCents = (euros: number | null | undefined) => (euros === null || euros === undefined ? null : eurosToCents(euros));

function technicalColumns(t: TechnicalFieldsInput) {
  return {
    width: t.width ?? null,
    height: t.height ?? null,
    lengthOfItem: t.lengthOfItem ?? null,
    weight: t.weight ?? null,
    maxCarry: t.maxCarry ?? null,
    engineType: t.engineType || null,
    issueYear: t.issueYear ?? null,
    power: t.power ?? null,
    axleCount: t.axleCount ?? null,
    seat: t.seat ?? null,
    gear: t.gear || null,
    platformHeight: t.platformHeight ?? null,
    canGoForeign: t.canGoForeign ?? null,
    carryingWheels: t.carryingWheels || null,
    carryConfiguration: t.carryConfiguration || null,
    distanceTravelled: t.distanceTravelled ?? null,
    radiusMax: t.radiusMax ?? null,
    platformMeasurements: t.platformMeasurements || null,
    liftType: t.liftType || null,
  };
}

/**
 * The product columns an owner writes. Prices arrive as euros net of VAT and are stored as cents as
 * given; search's VAT-inclusive price, folded name and earth point follow from triggers and
 * generated columns, so a search finds the change in the same transaction's commit.
 */
export function productColumns(input: ProductFieldsInput) {
  return {
    name: input.name,
    categoryId: input.categoryId,
    description: input.description,
    priceDailyCents: eurosToCents(input.priceDaily),
    priceHourCents: optionalCents(input.priceHour),
    threeDayCents: optionalCents(input.threeDay),
    aWeekCents: optionalCents(input.aweek),
    twoWeekCents: optionalCents(input.twoWeek),
    monthCents: optionalCents(input.month),
    weekendDayCents: optionalCents(input.weekendDay),
    costCents: eurosToCents(input.cost),
    rentDays: input.rentDays,
    startTs: input.startTs,
    endTs: input.endTs,
    lat: input.lat,
    lon: input.lon,
    locationDescription: input.locationDescription || null,
    productCode: input.productCode || null,
    paidLater: input.paidLater,
    automaticallyApproved: input.automaticallyApproved,
    // The approval text means nothing once automatic approval is off.
    automaticallyApprovedTxt: input.automaticallyApproved ? input.automaticallyApprovedTxt || null : null,
    ...technicalColumns(input.technical),
  };
}

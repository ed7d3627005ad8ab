import type { TechnicalFields } from 'shared-kernel/schemas';
import type { products } from '../db/schema';

type ProductRow = typeof products.$inferSelect;

/** The technical fields of a product row (owner spec 3). */
export function technicalOf(p: ProductRow): TechnicalFields {
  return {
    width: p.width,
    height: p.height,
    lengthOfItem: p.lengthOfItem,
    weight: p.weight,
    maxCarry: p.maxCarry,
    engineType: p.engineType,
    issueYear: p.issueYear,
    power: p.power,
    axleCount: p.axleCount,
    seat: p.seat,
    gear: p.gear,
    platformHeight: p.platformHeight,
    canGoForeign: p.canGoForeign,
    carryingWheels: p.carryingWheels,
    carryConfiguration: p.carryConfiguration,
    distanceTravelled: p.distanceTravelled,
    radiusMax: p.radiusMax,
    platformMeasurements: p.platformMeasurements,
    liftType: p.liftType,
  };
}

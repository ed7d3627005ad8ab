import { z } from 'shared-kernel/zod';
import { fromCents, toCents } from 'shared-kernel/domain';
import { renterServiceCents } from 'shared-kernel/time';
import type { NewReservationRequest, Product } from 'shared-kernel/schemas';
import type { Period } from '../../../components/booking-pick/pick-model';
import { PickValues } from '../../../components/booking-pick/pick-schema';

/** The rent page's form: the date pick plus a tick per additional service (`s{id}`). */
export const RentForm = PickValues.extend({ services: z.record(z.string(), z.boolean().optional()) });
export type RentForm = z.infer<typeof RentForm>;

export const serviceField = (id: number) => `services.s${id}` as const;

export function chosenServices(product: Pick<Product, 'additionalServices'>, ticks: Record<string, boolean | undefined> | undefined) {
  return product.additionalServices.filter((s) => ticks?.[`s${s.id}`] === true);
}

/**
 * What a service costs the renter (issue 25: the product page said 20,10 €, this page 15,00 €): the
 * kernel's one conversion for a renter, with the VAT of the picked rental's start day (the rate the
 * booking will be charged), or of today before a day is picked, as the product page shows it.
 */
export function renterServicePriceCents(
  product: Pick<Product, 'allowVat'>,
  service: { cost: number },
  period: Period | undefined,
  now: number = Date.now(),
): number {
  return renterServiceCents(toCents(service.cost), product.allowVat, period?.startMs ?? now);
}

/**
 * The request body: the period as instants, each chosen service with the net cost the renter saw
 * and their total, so the server refuses (INVALID_ADDITIONAL_COST) a price the renter did not see.
 */
export function reservationBody(period: Period, services: readonly { id: number; cost: number }[]): NewReservationRequest {
  const totalCents = services.reduce((sum, s) => sum + toCents(s.cost), 0);
  return {
    startTs: new Date(period.startMs).toISOString(),
    endTs: new Date(period.endMs).toISOString(),
    additionalServices: services.map((s) => ({ id: s.id, cost: s.cost })),
    additionalServiceCost: fromCents(totalCents),
  };
}

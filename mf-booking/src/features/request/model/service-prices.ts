import { formatEuros, SERVICE_FEE_BP, shownPriceCents, toCents } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { AdditionalService, Reservation } from 'shared-kernel/schemas';
import { bookingTexts } from '../../../messages/et';

/** The VAT a reservation fixed when it was requested, basis points (its breakdown carries it in percent). */
const vatBpOf = (reservation: Pick<Reservation, 'price'>) => Math.round(reservation.price.vatRate * 100);

/**
 * 'Lisajuht (20,10 €)': what a service costs the renter of this reservation, by the kernel's one
 * conversion at the reservation's VAT rate: the figure of the product page and the rent page.
 */
export function renterServiceLabel(service: Pick<AdditionalService, 'name' | 'cost'>, reservation: Pick<Reservation, 'price'>): string {
  return format(bookingTexts.rentProduct.serviceCost, {
    name: service.name,
    price: formatEuros(shownPriceCents(toCents(service.cost), 'renter', 'service', vatBpOf(reservation))),
  });
}

/**
 * The owner's agreement to the chosen services: what the owner gets for them (the net plus their VAT,
 * as every owner view shows a price) and, beside it, what the renter pays with the platform fee, so
 * the two figures are never mistaken for one price (issue 25).
 */
export function ownerServicesAgreement(reservation: Pick<Reservation, 'price' | 'additionalServiceCost'>): string {
  const net = toCents(reservation.additionalServiceCost);
  const vatBp = vatBpOf(reservation);
  const t = bookingTexts.request;
  return format(vatBp > 0 ? t.agreeServicesVat : t.agreeServices, {
    amount: formatEuros(shownPriceCents(net, 'owner', 'service', vatBp)),
    renterAmount: formatEuros(shownPriceCents(net, 'renter', 'service', vatBp)),
    fee: SERVICE_FEE_BP.additionalServices / 100,
  });
}

import { formatEuros } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import { formatTallinnShort, type PriceQuote } from 'shared-kernel/time';
import { Box, Flex, Separator, Text } from 'shared-kernel/ui';
import { bookingTexts } from '../../messages/et';
import type { Period } from './pick-model';

const t = bookingTexts.panel.price;

function rentLabel(quote: PriceQuote): string {
  const { tier, units } = quote.rental;
  if (tier === 'hour') return units === 1 ? t.rentHour : format(t.rentHours, { units });
  return units === 1 ? t.rentDay : format(t.rentDays, { units });
}

function Line({ label, cents, testId, strong }: { label: string; cents: number; testId: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" fontWeight={strong ? 'bold' : undefined}>
      <Text>{label}</Text>
      <Text data-testid={testId}>{formatEuros(cents)}</Text>
    </Flex>
  );
}

/**
 * The price of the pick as the API will book it (kernel quoteRental): rent, chosen additional
 * services, VAT, the platform fee and the total, in euros.
 */
export function PriceBreakdown({ quote }: { quote: PriceQuote | undefined }) {
  if (!quote) return null;
  const vatPercent = quote.vatRateBp / 100;
  return (
    <Box data-testid="price-breakdown" aria-label={t.title} role="group">
      <Line label={rentLabel(quote)} cents={quote.amountCents} testId="price-rent" />
      {quote.additionalServiceCostCents > 0 ? (
        <Line label={t.additionalServices} cents={quote.additionalServiceCostCents} testId="price-services" />
      ) : null}
      <Line label={quote.vatRateBp > 0 ? format(t.vat, { rate: vatPercent }) : t.noVat} cents={quote.vatCents} testId="price-vat" />
      <Line label={t.fee} cents={quote.ourFeeCents} testId="price-fee" />
      <Separator my={1} />
      <Line label={t.total} cents={quote.totalCents} testId="price-total" strong />
    </Box>
  );
}

/** 'Üleandmine 12.12.2026 08:00, tagastamine 14.12.2026 08:00' on the Tallinn clock. */
export function PeriodSummary({ period }: { period: Period | undefined }) {
  if (!period) return null;
  return (
    <Text fontSize="sm" color="gray.700" data-testid="booking-period">
      {format(bookingTexts.panel.period, { start: formatTallinnShort(period.startMs), end: formatTallinnShort(period.endMs) })}
    </Text>
  );
}

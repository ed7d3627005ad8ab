import { useMemo } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { Form, useWatch, useZodForm } from 'shared-kernel/forms';
import type { ProductDetails } from 'shared-kernel/schemas';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { BookingPickFields } from '../../../components/booking-pick/booking-pick-fields';
import { EMPTY_PICK, periodOf, PickValues, quotePick, rentProductUrl, tallinnToday } from '../../../components/booking-pick/pick-model';
import { PeriodSummary, PriceBreakdown } from '../../../components/booking-pick/price-breakdown';
import { bookingTexts } from '../../../messages/et';

const t = bookingTexts.panel;

export interface BookingPanelProps {
  productId: number;
  product: ProductDetails;
}

/**
 * The product page's booking section (spec 2.7 variant 3): the calendar, the hourly mode, the live
 * price and 'Rentima' to the rent page. Signed-out visitors get the same panel; the /auth route
 * takes them through sign-in and back.
 */
export function BookingPanel({ productId, product }: BookingPanelProps) {
  const navigate = useNavigate();
  const form = useZodForm(PickValues, { defaultValues: EMPTY_PICK });
  const pick = useWatch({ control: form.control }) as PickValues;
  const today = useMemo(() => tallinnToday(), []);
  const period = periodOf(product, pick);
  const quote = quotePick(product, period);
  const url = rentProductUrl(productId, product, pick);

  return (
    <Form form={form} onSubmit={() => undefined} aria-label={bookingTexts.panel.calendar.label}>
      <Stack gap={3} data-testid="booking-panel">
        <BookingPickFields product={product} today={today} />
        {period ? (
          <PeriodSummary period={period} />
        ) : (
          <Text fontSize="sm" color="gray.600">
            {t.pickHint}
          </Text>
        )}
        {period && !quote ? <Text fontSize="sm">{t.price.none}</Text> : null}
        <PriceBreakdown quote={quote} />
        <Button type="button" colorPalette="brand" disabled={!url} onClick={() => url && void navigate(url)}>
          {t.rent}
        </Button>
      </Stack>
    </Form>
  );
}

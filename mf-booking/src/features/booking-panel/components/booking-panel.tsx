import { useId, useMemo, useState } from 'react';
import { bookingErrorMessage } from 'shared-kernel/domain';
import { useNavigate, useSearchParams } from 'shared-kernel/router';
import { Form, useWatch, useZodForm } from 'shared-kernel/forms';
import type { ProductDetails } from 'shared-kernel/schemas';
import { Button, Stack, Text } from 'shared-kernel/ui';
import { BookingPickFields } from '../../../components/booking-pick/booking-pick-fields';
import { pickRefusal } from '../../../components/booking-pick/calendar-model';
import {
  calendarProduct,
  dayState,
  offersHourly,
  periodOf,
  pickFromSearchedPeriod,
  quotePick,
  type PickValues,
  rentProductUrl,
  searchedPeriod,
  tallinnToday,
} from '../../../components/booking-pick/pick-model';
import { PeriodSummary, PriceBreakdown } from '../../../components/booking-pick/price-breakdown';
import { bookingTexts } from '../../../messages/et';

const t = bookingTexts.panel;

// The panel is on a desktop product page's first paint; zod comes with its form's first check.
const loadPickSchema = () => import('../../../components/booking-pick/pick-schema').then((m) => m.PickValues);

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
  // A dated search (issue 32) links here with `from`/`to`: the panel opens with that period picked.
  const [search] = useSearchParams();
  const today = useMemo(() => tallinnToday(), []);
  const calendar = useMemo(() => calendarProduct(product), [product]);
  const [initial] = useState(() =>
    pickFromSearchedPeriod(searchedPeriod(search), product, (day) => dayState(day, calendar, today) === 'available'),
  );
  const form = useZodForm(loadPickSchema, { defaultValues: initial });
  const pick = useWatch({ control: form.control }) as PickValues;
  const period = periodOf(product, pick);
  const quote = quotePick(product, period);
  const url = rentProductUrl(productId, product, pick);
  // The calendar only makes free picks; one from a search's URL may not be free, and says why as
  // the rent page would (the same rule), before 'Rentima'.
  const refusal = pickRefusal({ start: pick.startD, end: pick.endD }, pick.hourly && offersHourly(product), (day) =>
    dayState(day, calendar, today),
  );
  const refusalId = `${useId()}-refusal`;

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
        {refusal ? (
          <Text role="alert" color="red.600" fontSize="sm" data-testid="period-refused" id={refusalId}>
            {bookingErrorMessage(refusal, { rentPage: true })} {bookingTexts.rentProduct.pickAnother}
          </Text>
        ) : null}
        <Button
          type="button"
          colorPalette="brand"
          disabled={!url || refusal !== undefined}
          aria-describedby={refusal ? refusalId : undefined}
          onClick={() => url && void navigate(url)}
        >
          {t.rent}
        </Button>
      </Stack>
    </Form>
  );
}

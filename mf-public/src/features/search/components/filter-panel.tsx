import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { Box, Button, Field, FieldLabel, Flex, Heading, Input, NativeSelect, Stack, Text } from 'shared-kernel/ui';
import { TIMINGS } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { Category } from 'shared-kernel/schemas';
import { notify } from 'shared-kernel/ui';
import { Form, useFormContext, useWatch, useZodForm } from 'shared-kernel/forms';
import { placesQueryOptions } from '../api/autocomplete-places';
import { reverseGeocodeQueryOptions } from '../api/reverse-geocode';
import { DEFAULT_DISTANCE_KM, DISTANCE_OPTIONS_KM, EMPTY_FILTERS, hasSearchCriteria, type SearchFilters } from '../model/search-filters';
import { filtersOf, formValuesOf, type FilterFormValues } from '../model/filter-form';
import type { FilterFormSchema } from '../model/filter-schema';
import { tallinnToday } from '../../../components/period/period-form';
import { FormFieldBox, PeriodInputs } from '../../../components/period/period-inputs';
import { CategorySelect } from './category-select';
import { PlaceField } from './place-field';
import { searchTexts } from '../../../messages/search';

export interface FilterPanelProps {
  filters: SearchFilters;
  categories: Category[];
  onSearch: (filters: SearchFilters) => void;
  /** The API's refusal of the period or prices (its 400 message), shown by those fields. */
  refusal?: string | null;
}

/** 'OTSINGU FILTRID': text, category + its subcategories, place with distance, own location. */
// Memoised: the search page re-renders on every query change (a fetch starting, its answer), and
// this form is most of its tree (issue 28: those re-renders were long tasks).
export const FilterPanel = memo(function FilterPanel({ filters, categories, onSearch, refusal }: FilterPanelProps) {
  const t = searchTexts;
  const queryClient = useQueryClient();
  // New filters from the page (the URL) replace what was typed: react-hook-form resets the form
  // to `values` whenever they change.
  const values = useMemo(() => formValuesOf(filters), [filters]);
  // The schema (zod) loads at the form's first check, not with the page: the panel is on the first
  // paint of a phone's search page (ADR 0056). Made once per catalogue; a failed load is tried again.
  const loadSchema = useMemo(() => {
    let schema: Promise<FilterFormSchema> | undefined;
    return () =>
      (schema ??= import('../model/filter-schema')
        .then((m) => m.filterFormSchema(categories))
        .catch((error: unknown) => {
          schema = undefined;
          throw error;
        }));
  }, [categories]);
  const form = useZodForm(loadSchema, { values });
  const draft = useWatch({ control: form.control }) as FilterFormValues;
  const today = useMemo(() => tallinnToday(), []);
  const sub = useController({ control: form.control, name: 'sub' });
  const [warning, setWarning] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [resolving, setResolving] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  // Counts the clears, so an answer asked for before one is dropped.
  const cleared = useRef(0);

  const parents = categories.filter((c) => c.parentCategoryId === null);
  const children = draft.cat === null ? [] : categories.filter((c) => c.parentCategoryId === draft.cat);
  // Spec 2.6: the schema's 'Kohustuslik' under the field, after a search attempt or a visit of the
  // field, never the browser's own bubble.
  const subError = sub.fieldState.error?.message;

  const warn = (message: string) => {
    setWarning(message);
    notify({ type: 'warning', message, durationMs: TIMINGS.missingCategoryWarningMs });
    later(() => setWarning(null), TIMINGS.missingCategoryWarningMs);
  };

  const submit = (values: SearchFilters) => {
    if (resolving) return;
    // A place typed but not picked from the suggestions: take the gazetteer's best match, as if it
    // had been picked; when there is none, say so and keep the text (never ignore it silently).
    const placeText = values.place.trim();
    if (placeText !== '' && (values.lat === null || values.lon === null)) {
      setResolving(true);
      const round = cleared.current;
      // The same cached answer the suggestions showed, when they did.
      queryClient
        .fetchQuery(placesQueryOptions(placeText))
        .then((found) => {
          if (round !== cleared.current) return;
          const best = found[0];
          if (best) setPoint(best.lat, best.lon, best.name);
          else warn(t.placeNotFound);
        })
        .catch(() => {
          if (round === cleared.current) warn(t.placeNotFound);
        })
        .finally(() => setResolving(false));
      return;
    }
    if (!hasSearchCriteria(values)) {
      warn(messages.errors.search.chooseCategory);
      return;
    }
    onSearch({ ...values, page: 0 });
  };

  // 'Tühjenda' starts the search afresh: the form, its messages, a search still to come (a place
  // just picked, one being looked up) and the search on screen, whose URL and results follow. The
  // sort goes with them: what remains is the page's own bare search, as the form now describes it.
  const clear = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    cleared.current += 1;
    setWarning(null);
    form.reset(formValuesOf(EMPTY_FILTERS));
    onSearch(EMPTY_FILTERS);
  };

  const set = (changes: Partial<FilterFormValues>) => {
    for (const [name, value] of Object.entries(changes)) form.setValue(name as keyof FilterFormValues, value as never);
  };

  function setPoint(lat: number, lon: number, place: string) {
    const current = form.getValues();
    const next = { ...current, lat, lon, place, dist: current.dist ?? DEFAULT_DISTANCE_KM, page: 0 };
    set(next);
    // Spec: the search runs 200 ms after a location is chosen.
    later(() => onSearch(filtersOf(next)), TIMINGS.searchAfterLocationMs);
  }

  const locate = () => {
    const fail = () => {
      setLocating(false);
      warn(messages.errors.location.geolocationUnsupported);
    };
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      fail();
      return;
    }
    setLocating(true);
    const round = cleared.current;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        if (round !== cleared.current) return;
        notify({ type: 'success', message: messages.common.locationFound });
        const { latitude, longitude } = pos.coords;
        queryClient
          .fetchQuery(reverseGeocodeQueryOptions(latitude, longitude))
          .then((place) => round === cleared.current && setPoint(latitude, longitude, `${t.myLocation} (${place.name})`))
          .catch(() => round === cleared.current && setPoint(latitude, longitude, t.myLocation));
      },
      fail,
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <Box asChild borderWidth="1px" borderRadius="lg" p={4} bg="white">
      <Form form={form} onSubmit={submit} aria-labelledby="search-filters-title" data-testid="search-filters">
        <Heading as="h2" size="md" mb={4} id="search-filters-title">
          {t.filtersTitle}
        </Heading>
        <Stack gap={4}>
          <Field.Root>
            <Field.Label>{t.textLabel}</Field.Label>
            <Input {...form.register('search')} placeholder={t.textPlaceholder} maxLength={100} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t.categoryLabel}</Field.Label>
            <CategorySelect
              name="cat"
              label={t.categoryLabel}
              placeholder={t.categoryPlaceholder}
              options={parents}
              value={draft.cat}
              onChange={(cat) => {
                form.setValue('cat', cat);
                // A new category starts its subcategory afresh: empty, not yet visited, no message.
                form.resetField('sub', { defaultValue: null });
              }}
            />
          </Field.Root>
          <Field.Root required disabled={draft.cat === null} invalid={Boolean(subError)}>
            <FieldLabel required>{t.subcategoryLabel}</FieldLabel>
            <CategorySelect
              name="sub"
              label={t.subcategoryLabel}
              placeholder={t.subcategoryPlaceholder}
              options={children}
              value={sub.field.value}
              disabled={draft.cat === null}
              onChange={sub.field.onChange}
              onBlur={sub.field.onBlur}
            />
            <Field.ErrorText data-testid="error-sub">{subError}</Field.ErrorText>
          </Field.Root>
          <PlaceField
            value={draft.place}
            // Typing replaces the chosen place: its point no longer belongs to the text.
            onText={(text) =>
              set({
                place: text,
                lat: null,
                lon: null,
                dist: text ? draft.dist : null,
                sort: draft.sort === 'CLOSE_KM' ? '' : draft.sort,
              })
            }
            onSelect={(place) => setPoint(place.lat, place.lon, place.name)}
          />
          <Flex gap={2} align="flex-end">
            <Field.Root flex="1" disabled={draft.lat === null}>
              <Field.Label>{t.distanceLabel}</Field.Label>
              <NativeSelect.Root disabled={draft.lat === null}>
                <NativeSelect.Field
                  name="dist"
                  aria-label={t.distanceLabel}
                  value={draft.dist ?? ''}
                  onChange={(e) => form.setValue('dist', e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{t.distanceAny}</option>
                  {DISTANCE_OPTIONS_KM.map((km) => (
                    <option key={km} value={km}>
                      {format(t.distanceKm, { km })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button variant="outline" onClick={locate} loading={locating} loadingText={messages.common.locating}>
              {t.locateMe}
            </Button>
          </Flex>
          <PeriodFields today={today} mode={draft.mode} refusal={refusal ?? null} />
          {warning ? (
            <Text color="orange.600" role="alert" data-testid="search-warning">
              {warning}
            </Text>
          ) : null}
          <Flex gap={2}>
            <Button type="submit" colorPalette="brand" flex="1" loading={resolving}>
              {t.searchButton}
            </Button>
            <Button variant="ghost" onClick={clear}>
              {t.clearButton}
            </Button>
          </Flex>
        </Stack>
      </Form>
    </Box>
  );
});

/** 'Rendiaeg' (issue 32): days from–to or one day's hours, and the price range they price. */
function PeriodFields({ today, mode, refusal }: { today: string; mode: FilterFormValues['mode']; refusal: string | null }) {
  const t = searchTexts;
  const form = useFormContext<FilterFormValues>();
  const [fromDay, toDay, hourDay, fromHour, toHour] = useWatch<FilterFormValues, ['fromDay', 'toDay', 'hourDay', 'fromHour', 'toHour']>({
    name: ['fromDay', 'toDay', 'hourDay', 'fromHour', 'toHour'],
  });
  const hasPeriod = mode === 'days' ? Boolean(fromDay || toDay) : Boolean(hourDay || fromHour || toHour);
  // Two groups, each with its own name, so a screen reader says which one a field belongs to;
  // the hint describes every period field.
  const group = (legend: string, children: ReactNode) => (
    <Box asChild border="none" p={0} m={0} minW={0}>
      <fieldset>
        <Text asChild fontWeight="medium" mb={2}>
          <legend>{legend}</legend>
        </Text>
        {children}
      </fieldset>
    </Box>
  );
  return (
    <Stack gap={3} data-testid="search-period">
      {group(
        t.periodLegend,
        <Stack gap={3}>
          <PeriodInputs today={today} describedBy="search-period-hint" />
          <Text fontSize="sm" color="gray.600" id="search-period-hint">
            {t.periodHint}
          </Text>
        </Stack>,
      )}
      {group(
        hasPeriod ? t.priceLegendPeriod : t.priceLegendDay,
        <Flex gap={2} wrap="wrap">
          <FormFieldBox name="minPrice" label={t.minPriceLabel}>
            <Input inputMode="numeric" maxLength={7} {...form.register('minPrice', { deps: ['maxPrice'] })} />
          </FormFieldBox>
          <FormFieldBox name="maxPrice" label={t.maxPriceLabel}>
            <Input inputMode="numeric" maxLength={7} {...form.register('maxPrice')} />
          </FormFieldBox>
        </Flex>,
      )}
      {refusal ? (
        <Text color="red.600" role="alert" data-testid="search-refusal">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}

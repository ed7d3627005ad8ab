import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, FieldLabel, Flex, Heading, Input, NativeSelect, Stack, Text } from 'shared-kernel/ui';
import { TIMINGS } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';
import type { Category } from 'shared-kernel/schemas';
import { notify } from 'shared-kernel/ui';
import { placesQueryOptions } from '../api/autocomplete-places';
import { reverseGeocodeQueryOptions } from '../api/reverse-geocode';
import { DEFAULT_DISTANCE_KM, DISTANCE_OPTIONS_KM, EMPTY_FILTERS, hasSearchCriteria, type SearchFilters } from '../model/search-filters';
import { CategorySelect } from './category-select';
import { PlaceField } from './place-field';
import { searchTexts } from '../../../messages/search';

export interface FilterPanelProps {
  filters: SearchFilters;
  categories: Category[];
  onSearch: (filters: SearchFilters) => void;
}

/** 'OTSINGU FILTRID': text, category + its subcategories, place with distance, own location. */
export function FilterPanel({ filters, categories, onSearch }: FilterPanelProps) {
  const t = searchTexts;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SearchFilters>(filters);
  const [warning, setWarning] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // New filters from the page (the URL) replace the draft; adjusted while rendering, as React
  // recommends for state that follows a prop, instead of a second render from an effect.
  const [shownFilters, setShownFilters] = useState(filters);
  if (shownFilters !== filters) {
    setShownFilters(filters);
    setDraft(filters);
  }
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));

  const parents = categories.filter((c) => c.parentCategoryId === null);
  const children = draft.cat === null ? [] : categories.filter((c) => c.parentCategoryId === draft.cat);

  const warn = (message: string) => {
    setWarning(message);
    notify({ type: 'warning', message, durationMs: TIMINGS.missingCategoryWarningMs });
    later(() => setWarning(null), TIMINGS.missingCategoryWarningMs);
  };

  const [resolving, setResolving] = useState(false);
  // Spec 2.6: the subcategory is required once a category is chosen. Said in Estonian under the
  // field after a search attempt or a visit of the field, never left to the browser's own bubble.
  const [subTouched, setSubTouched] = useState(false);
  const subMissing = draft.cat !== null && children.length > 0 && draft.sub === null;
  const subError = subTouched && subMissing ? messages.validation.required : undefined;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (resolving) return;
    setSubTouched(true);
    if (subMissing) return;
    // A place typed but not picked from the suggestions: take the gazetteer's best match, as if it
    // had been picked; when there is none, say so and keep the text (never ignore it silently).
    const placeText = draft.place.trim();
    if (placeText !== '' && (draft.lat === null || draft.lon === null)) {
      setResolving(true);
      // The same cached answer the suggestions showed, when they did.
      queryClient
        .fetchQuery(placesQueryOptions(placeText))
        .then((found) => {
          const best = found[0];
          if (best) setPoint(best.lat, best.lon, best.name);
          else warn(t.placeNotFound);
        })
        .catch(() => warn(t.placeNotFound))
        .finally(() => setResolving(false));
      return;
    }
    if (!hasSearchCriteria(draft)) {
      warn(messages.errors.search.chooseCategory);
      return;
    }
    onSearch({ ...draft, page: 0 });
  };

  function setPoint(lat: number, lon: number, place: string) {
    const next = { ...draft, lat, lon, place, dist: draft.dist ?? DEFAULT_DISTANCE_KM, page: 0 };
    setDraft(next);
    // Spec: the search runs 200 ms after a location is chosen.
    later(() => onSearch(next), TIMINGS.searchAfterLocationMs);
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
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        notify({ type: 'success', message: messages.common.locationFound });
        const { latitude, longitude } = pos.coords;
        queryClient
          .fetchQuery(reverseGeocodeQueryOptions(latitude, longitude))
          .then((place) => setPoint(latitude, longitude, `${t.myLocation} (${place.name})`))
          .catch(() => setPoint(latitude, longitude, t.myLocation));
      },
      fail,
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <Box asChild borderWidth="1px" borderRadius="lg" p={4} bg="white">
      <form onSubmit={submit} noValidate aria-labelledby="search-filters-title" data-testid="search-filters">
        <Heading as="h2" size="md" mb={4} id="search-filters-title">
          {t.filtersTitle}
        </Heading>
        <Stack gap={4}>
          <Field.Root>
            <Field.Label>{t.textLabel}</Field.Label>
            <Input
              name="search"
              value={draft.search}
              placeholder={t.textPlaceholder}
              maxLength={100}
              onChange={(e) => setDraft({ ...draft, search: e.target.value })}
            />
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
                setSubTouched(false);
                setDraft({ ...draft, cat, sub: null });
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
              value={draft.sub}
              disabled={draft.cat === null}
              onChange={(sub) => setDraft({ ...draft, sub })}
              onBlur={() => setSubTouched(true)}
            />
            <Field.ErrorText data-testid="error-sub">{subError}</Field.ErrorText>
          </Field.Root>
          <PlaceField
            value={draft.place}
            // Typing replaces the chosen place: its point no longer belongs to the text.
            onText={(text) =>
              setDraft({
                ...draft,
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
                  onChange={(e) => setDraft({ ...draft, dist: e.target.value ? Number(e.target.value) : null })}
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
          {warning ? (
            <Text color="orange.600" role="alert" data-testid="search-warning">
              {warning}
            </Text>
          ) : null}
          <Flex gap={2}>
            <Button type="submit" colorPalette="brand" flex="1" loading={resolving}>
              {t.searchButton}
            </Button>
            <Button variant="ghost" onClick={() => setDraft({ ...EMPTY_FILTERS, sort: draft.sort === 'CLOSE_KM' ? '' : draft.sort })}>
              {t.clearButton}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TIMINGS } from 'shared-kernel/domain';
import { format } from 'shared-kernel/messages';
import type { Place } from 'shared-kernel/schemas';
import { Box, Button, Field, FieldLabel, Input, List, Stack, Text, useThrottled } from 'shared-kernel/ui';
import { ownerTexts } from '../../messages/et';
import { placesQueryOptions } from './api/autocomplete-places';
import { placeQueryOptions } from './api/get-place';
import { reverseGeocodeQueryOptions } from './api/reverse-geocode';
import { LazyPointMap } from './lazy-point-map';
import { MAP_DEFAULT_CENTER } from './map-types';

const t = ownerTexts.wizard;
const NO_PLACES: Place[] = [];

export interface PickedLocation {
  lat: number | null;
  lon: number | null;
  description: string;
}

export interface LocationPickerProps {
  value: PickedLocation;
  onChange: (location: PickedLocation) => void;
  error?: string;
}

/** Spec 9: coordinates truncated to 8 characters. */
export const truncateCoordinate = (value: number) => Number(String(value).slice(0, 8));

type Locating = { state: 'idle' } | { state: 'busy' } | { state: 'done' } | { state: 'failed' };

/** The product's place: gazetteer autocomplete, 'Minu asukoht' (browser geolocation) or a click on the map. */
export function LocationPicker({ value, onChange, error }: LocationPickerProps) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState('');
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const ask = useThrottled((text: string) => setAsked(text.trim()), TIMINGS.placesAutocompleteThrottleMs);
  const suggestions = useQuery({ ...placesQueryOptions(asked), enabled: asked !== '', placeholderData: keepPreviousData });
  const options = value.description.trim() !== '' && asked !== '' ? (suggestions.data ?? NO_PLACES) : NO_PLACES;

  const setPoint = async (lat: number, lon: number, description?: string) => {
    const point = { lat: truncateCoordinate(lat), lon: truncateCoordinate(lon) };
    onChange({ ...point, description: description ?? value.description });
    if (description !== undefined) return;
    try {
      const place = await client.fetchQuery(reverseGeocodeQueryOptions(point.lat, point.lon));
      onChange({ ...point, description: place.label });
    } catch {
      // The point stands without a name; the owner may type one.
    }
  };

  const choose = async (place: Place) => {
    setOpen(false);
    onChange({ lat: value.lat, lon: value.lon, description: place.label });
    try {
      const full = await client.fetchQuery(placeQueryOptions(place.id));
      await setPoint(full.lat, full.lon, full.label);
    } catch {
      await setPoint(place.lat, place.lon, place.label);
    }
  };

  const locateMe = () => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocating({ state: 'failed' });
      return;
    }
    setLocating({ state: 'busy' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating({ state: 'done' });
        void setPoint(position.coords.latitude, position.coords.longitude);
      },
      () => setLocating({ state: 'failed' }),
    );
  };

  const listId = 'owner-place-suggestions';
  const point = value.lat !== null && value.lon !== null ? { lat: value.lat, lon: value.lon } : null;
  return (
    <Stack gap={3}>
      <Field.Root invalid={Boolean(error)} required>
        <FieldLabel required>{t.placeLabel}</FieldLabel>
        <Box position="relative" w="100%">
          <Input
            value={value.description}
            placeholder={t.placePlaceholder}
            role="combobox"
            aria-expanded={open && options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            autoComplete="off"
            name="place"
            onChange={(e) => {
              onChange({ ...value, description: e.target.value });
              setOpen(true);
              ask(e.target.value);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
          />
          {open && options.length > 0 ? (
            <List.Root
              id={listId}
              role="listbox"
              aria-label={t.placeSuggestions}
              position="absolute"
              zIndex={10}
              top="100%"
              left={0}
              right={0}
              bg="white"
              borderWidth="1px"
              borderRadius="md"
              boxShadow="md"
              listStyle="none"
              m={0}
              p={1}
            >
              {options.map((place) => (
                <List.Item
                  key={place.id}
                  role="option"
                  aria-selected={false}
                  px={2}
                  py={1}
                  cursor="pointer"
                  _hover={{ bg: 'gray.100' }}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    void choose(place);
                  }}
                >
                  {place.label}
                </List.Item>
              ))}
            </List.Root>
          ) : null}
        </Box>
        <Field.ErrorText data-testid="error-lon">{error}</Field.ErrorText>
      </Field.Root>
      <Box>
        <Button variant="outline" onClick={locateMe} loading={locating.state === 'busy'} loadingText={t.locating}>
          {t.myLocation}
        </Button>
        <Text role="status" mt={1} color={locating.state === 'failed' ? 'orange.700' : 'gray.600'}>
          {locating.state === 'busy'
            ? t.locating
            : locating.state === 'done'
              ? t.located
              : locating.state === 'failed'
                ? t.locateFailed
                : ''}
        </Text>
      </Box>
      {point ? <Text data-testid="chosen-point">{format(t.chosenPoint, { lat: point.lat, lon: point.lon })}</Text> : null}
      <LazyPointMap point={point} center={MAP_DEFAULT_CENTER} label={t.mapLabel} onPick={(lat, lon) => void setPoint(lat, lon)} />
    </Stack>
  );
}

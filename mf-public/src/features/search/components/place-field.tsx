import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Box, Field, Input, List, useThrottled } from 'shared-kernel/ui';
import { TIMINGS } from 'shared-kernel/domain';
import type { Place } from 'shared-kernel/schemas';
import { placesQueryOptions } from '../api/autocomplete-places';
import { searchTexts } from '../../../messages/search';

const NO_PLACES: Place[] = [];

/** Place field: gazetteer suggestions as you type, asked at most once per 200 ms. */
export function PlaceField({
  value,
  onText,
  onSelect,
}: {
  value: string;
  onText: (text: string) => void;
  onSelect: (place: Place) => void;
}) {
  const t = searchTexts;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text the suggestions are for: it follows the typing at most once per 200 ms.
  const [asked, setAsked] = useState('');
  const ask = useThrottled((text: string) => setAsked(text.trim()), TIMINGS.placesAutocompleteThrottleMs);
  const suggestions = useQuery({ ...placesQueryOptions(asked), enabled: asked !== '', placeholderData: keepPreviousData });
  const options = value.trim() !== '' && asked !== '' ? (suggestions.data ?? NO_PLACES) : NO_PLACES;

  const choose = (place: Place) => {
    setOpen(false);
    setActive(-1);
    onSelect(place);
  };
  const listId = 'place-suggestions';
  return (
    <Field.Root>
      <Field.Label>{t.placeLabel}</Field.Label>
      <Box position="relative" w="100%">
        <Input
          value={value}
          placeholder={t.placePlaceholder}
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          name="place"
          onChange={(e) => {
            onText(e.target.value);
            setOpen(true);
            setActive(-1);
            ask(e.target.value);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (!open || options.length === 0) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((i) => Math.min(options.length - 1, i + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((i) => Math.max(0, i - 1));
            } else if (e.key === 'Enter' && active >= 0) {
              e.preventDefault();
              choose(options[active]);
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
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
            {options.map((place, i) => (
              <List.Item
                key={place.id}
                role="option"
                aria-selected={i === active}
                px={2}
                py={1}
                borderRadius="sm"
                cursor="pointer"
                bg={i === active ? 'gray.100' : undefined}
                _hover={{ bg: 'gray.100' }}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(place);
                }}
              >
                {place.label}
              </List.Item>
            ))}
          </List.Root>
        ) : null}
      </Box>
    </Field.Root>
  );
}

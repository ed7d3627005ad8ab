import type { KeyboardEvent } from 'react';
import { Box, Grid } from 'shared-kernel/ui';
import { format } from 'shared-kernel/messages';
import { GridCell } from '../../../components/keyboard-grid/grid-cell';
import { cellAfterKey, rowsOf } from '../../../components/keyboard-grid/grid-keys';
import { useGridColumns } from '../../../components/keyboard-grid/use-grid-columns';
import { useRovingFocus } from '../../../components/keyboard-grid/use-roving-focus';
import { useStableCallback } from '../../../components/keyboard-grid/use-stable-callback';
import { bookingTexts } from '../../../messages/et';
import { slotLabelState, type SlotState } from '../model/gokart-form';

const t = bookingTexts.goKart;

export interface SlotGridProps {
  slots: readonly string[];
  chosen: readonly string[];
  stateOf: (slot: string) => SlotState;
  freeOf: (slot: string) => number;
  onToggle: (slot: string) => void;
}

/**
 * The day's 20-minute slots as a multi-select grid (WAI-ARIA APG grid): one tab stop, arrows move
 * between slots (up and down by a row), Home/End to the row's ends, Ctrl+Home/End to the first and
 * last slot, Enter or Space picks or drops a slot. A slot that has started or cannot hold the
 * riders keeps the focus and says so, but cannot be picked.
 */
export function SlotGrid({ slots, chosen, stateOf, freeOf, onToggle }: SlotGridProps) {
  const columns = useGridColumns({ base: 3, sm: 4, md: 6 });
  const { active, setActive, moveTo, gridRef } = useRovingFocus<string>(() => '');
  // The tab stop: the focused slot while it is listed, else the first chosen or free one.
  const current = slots.includes(active) ? active : (chosen[0] ?? slots.find((s) => stateOf(s) === 'free') ?? slots[0]);
  const toggle = useStableCallback(onToggle);
  const navigate = useStableCallback((slot: string, event: KeyboardEvent<HTMLElement>) => {
    const next = cellAfterKey(slots.indexOf(slot), slots.length, columns, event.key, event.ctrlKey || event.metaKey);
    if (next === undefined) return;
    event.preventDefault();
    moveTo(slots[next]);
  });

  return (
    <Box ref={gridRef} role="grid" aria-label={t.slots} aria-multiselectable display="flex" flexDirection="column" gap={2}>
      {rowsOf(slots, columns).map((row) => (
        <Grid key={row[0]} role="row" templateColumns={`repeat(${columns}, 1fr)`} gap={2}>
          {row.map((slot) => {
            const state = stateOf(slot);
            const free = freeOf(slot);
            const picked = chosen.includes(slot);
            return (
              <GridCell
                key={slot}
                cellKey={slot}
                label={format(t.slotStates[slotLabelState(state, free)], { time: slot, free })}
                title={format(t.slotPlaces, { time: slot, free })}
                active={slot === current}
                selected={picked}
                enabled={state === 'free'}
                variant={picked ? 'solid' : 'outline'}
                palette={state === 'free' ? 'brand' : 'gray'}
                onChoose={toggle}
                onFocusCell={setActive}
                onNavigate={navigate}
              >
                {slot}
              </GridCell>
            );
          })}
        </Grid>
      ))}
    </Box>
  );
}

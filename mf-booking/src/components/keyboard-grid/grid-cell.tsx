import type { KeyboardEvent, ReactNode } from 'react';
import { Box, Button, type ButtonProps } from 'shared-kernel/ui';
import { isChooseKey } from './grid-keys';

export interface GridCellProps {
  /** Finds the cell when the grid moves the focus to it (`data-cell`). */
  cellKey: string;
  /** What a screen reader says of the cell: the date or time and its state. */
  label: string;
  /** The grid's one tab stop (roving tabindex). */
  active: boolean;
  selected: boolean;
  /** A cell that cannot be chosen still takes the focus, so its state is announced. */
  enabled: boolean;
  title?: string;
  /** The look of the cell, as the button it used to be. */
  face: ButtonProps;
  onChoose: () => void;
  onFocus: () => void;
  /** Keys other than Enter and Space: the grid moves the focus. */
  onNavigate: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}

/**
 * One cell of a keyboard grid (WAI-ARIA APG): the focusable gridcell carries the name, the
 * selection and the disabled state; inside it a button-looking face keeps the look mouse users
 * know. The focus ring sits on the cell, not on the face, so the faded look of a day or slot that
 * cannot be chosen does not fade the ring; its dark green keeps more than 3:1 on white (WCAG 1.4.11).
 */
export function GridCell({ cellKey, label, active, selected, enabled, title, face, onChoose, onFocus, onNavigate, children }: GridCellProps) {
  return (
    <Box
      role="gridcell"
      data-cell={cellKey}
      tabIndex={active ? 0 : -1}
      aria-label={label}
      aria-selected={selected ? true : enabled ? false : undefined}
      aria-disabled={enabled ? undefined : true}
      title={title}
      display="flex"
      borderRadius="l2"
      outline="none"
      _focusVisible={{ outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'brand.800', outlineOffset: '2px' }}
      onClick={() => {
        if (enabled) onChoose();
      }}
      onFocus={onFocus}
      onKeyDown={(event) => {
        if (isChooseKey(event.key)) {
          // Space would scroll the page.
          event.preventDefault();
          if (enabled) onChoose();
          return;
        }
        onNavigate(event);
      }}
    >
      <Button asChild w="full" {...face} data-disabled={enabled ? undefined : ''}>
        <span>{children}</span>
      </Button>
    </Box>
  );
}

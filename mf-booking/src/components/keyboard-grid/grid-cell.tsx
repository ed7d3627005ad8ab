import { memo, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button } from 'shared-kernel/ui';
import { isChooseKey } from './grid-keys';

export interface GridCellProps {
  /** Finds the cell when the grid moves the focus to it (`data-cell`); the callbacks get it back. */
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
  variant: 'solid' | 'subtle' | 'ghost' | 'outline';
  palette: 'brand' | 'gray';
  struck?: boolean;
  /** No minimum width or side padding: a calendar day in a narrow column. */
  narrow?: boolean;
  onChoose: (cellKey: string) => void;
  onFocusCell: (cellKey: string) => void;
  /** Keys other than Enter and Space: the grid moves the focus. */
  onNavigate: (cellKey: string, event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}

/**
 * One cell of a keyboard grid (WAI-ARIA APG): the focusable gridcell carries the name, the
 * selection and the disabled state; inside it a button-looking face keeps the look mouse users
 * know. The focus ring sits on the cell, not on the face, so the faded look of a day or slot that
 * cannot be chosen does not fade the ring; its dark green keeps more than 3:1 on white (WCAG 1.4.11).
 * Memoised with stable callbacks: a form re-rendering around a month of cells redraws none of them.
 */
export const GridCell = memo(function GridCell(props: GridCellProps) {
  const {
    cellKey,
    label,
    active,
    selected,
    enabled,
    title,
    variant,
    palette,
    struck,
    narrow,
    onChoose,
    onFocusCell,
    onNavigate,
    children,
  } = props;
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
        if (enabled) onChoose(cellKey);
      }}
      onFocus={() => onFocusCell(cellKey)}
      onKeyDown={(event) => {
        if (isChooseKey(event.key)) {
          // Space would scroll the page.
          event.preventDefault();
          if (enabled) onChoose(cellKey);
          return;
        }
        onNavigate(cellKey, event);
      }}
    >
      <Button
        asChild
        size="sm"
        w="full"
        minW={narrow ? 0 : undefined}
        px={narrow ? 0 : undefined}
        variant={variant}
        colorPalette={palette}
        textDecoration={struck ? 'line-through' : undefined}
        data-disabled={enabled ? undefined : ''}
      >
        <span>{children}</span>
      </Button>
    </Box>
  );
});

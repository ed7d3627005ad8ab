/**
 * Where a key moves the focus in a grid of cells laid out in rows of `columns` (WAI-ARIA APG grid
 * pattern): arrows by one cell or one row, Home/End to the row's ends, Ctrl+Home/End to the first
 * and last cell. Undefined for a key the grid does not handle; a move off the grid stays put.
 */
export function cellAfterKey(index: number, count: number, columns: number, key: string, ctrlKey = false): number | undefined {
  const rowStart = index - (index % columns);
  let next: number;
  switch (key) {
    case 'ArrowLeft':
      next = index - 1;
      break;
    case 'ArrowRight':
      next = index + 1;
      break;
    case 'ArrowUp':
      next = index - columns;
      break;
    case 'ArrowDown':
      next = index + columns;
      break;
    case 'Home':
      next = ctrlKey ? 0 : rowStart;
      break;
    case 'End':
      next = ctrlKey ? count - 1 : Math.min(rowStart + columns, count) - 1;
      break;
    default:
      return undefined;
  }
  return next >= 0 && next < count ? next : index;
}

/** The keys that choose the focused cell. */
export function isChooseKey(key: string): boolean {
  return key === 'Enter' || key === ' ';
}

/** Splits cells into rows of `columns`. */
export function rowsOf<T>(cells: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < cells.length; i += columns) rows.push(cells.slice(i, i + columns));
  return rows;
}

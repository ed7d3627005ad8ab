import { cellAfterKey, isChooseKey, rowsOf } from './grid-keys';

// Ten slots in rows of four:  0 1 2 3 / 4 5 6 7 / 8 9
describe('keyboard grid keys', () => {
  it('moves by a cell with left and right and by a row with up and down', () => {
    expect(cellAfterKey(5, 10, 4, 'ArrowLeft')).toBe(4);
    expect(cellAfterKey(5, 10, 4, 'ArrowRight')).toBe(6);
    expect(cellAfterKey(5, 10, 4, 'ArrowUp')).toBe(1);
    expect(cellAfterKey(5, 10, 4, 'ArrowDown')).toBe(9);
    // Left and right run on into the next row.
    expect(cellAfterKey(3, 10, 4, 'ArrowRight')).toBe(4);
    expect(cellAfterKey(4, 10, 4, 'ArrowLeft')).toBe(3);
  });

  it('stays put at the edges', () => {
    expect(cellAfterKey(0, 10, 4, 'ArrowLeft')).toBe(0);
    expect(cellAfterKey(9, 10, 4, 'ArrowRight')).toBe(9);
    expect(cellAfterKey(2, 10, 4, 'ArrowUp')).toBe(2);
    // Below 6 there is no cell in the short last row.
    expect(cellAfterKey(6, 10, 4, 'ArrowDown')).toBe(6);
  });

  it('goes to the row ends with Home and End, to the grid ends with Ctrl', () => {
    expect(cellAfterKey(6, 10, 4, 'Home')).toBe(4);
    expect(cellAfterKey(5, 10, 4, 'End')).toBe(7);
    expect(cellAfterKey(8, 10, 4, 'End')).toBe(9);
    expect(cellAfterKey(6, 10, 4, 'Home', true)).toBe(0);
    expect(cellAfterKey(1, 10, 4, 'End', true)).toBe(9);
  });

  it('leaves other keys alone; Enter and Space choose', () => {
    expect(cellAfterKey(5, 10, 4, 'Tab')).toBeUndefined();
    expect(cellAfterKey(5, 10, 4, 'a')).toBeUndefined();
    expect(isChooseKey('Enter')).toBe(true);
    expect(isChooseKey(' ')).toBe(true);
    expect(isChooseKey('Escape')).toBe(false);
  });

  it('splits cells into rows', () => {
    expect(rowsOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(rowsOf([], 3)).toEqual([]);
  });
});

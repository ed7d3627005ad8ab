// Estonian personal identification code, GYYMMDDSSSC (see docs in ../shared/design/estonia.md).
// TODO(shared-kernel/domain): switch to the kernel's validator once it is published there,
// so the UI and the API cannot disagree.
const W1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
const W2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];

export function isikukoodCheckDigit(first10: string): number {
  const digits = [...first10].map(Number);
  const sum = (w: number[]) => digits.reduce((acc, d, i) => acc + d * w[i], 0) % 11;
  const a = sum(W1);
  if (a < 10) return a;
  const b = sum(W2);
  return b < 10 ? b : 0;
}

export function isValidIsikukood(code: string): boolean {
  if (!/^[1-8]\d{10}$/.test(code)) return false;
  const g = Number(code[0]);
  const century = 1800 + Math.floor((g - 1) / 2) * 100;
  const year = century + Number(code.slice(1, 3));
  const month = Number(code.slice(3, 5));
  const day = Number(code.slice(5, 7));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return isikukoodCheckDigit(code.slice(0, 10)) === Number(code[10]);
}

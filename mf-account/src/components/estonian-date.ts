/** 'YYYY-MM-DD' as the spec's Estonian date 'DD.MM.YYYY' (a calendar date: no time zone involved). */
export function estonianDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}.${m}.${y}`;
}

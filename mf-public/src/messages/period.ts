import type { TextCatalogue } from 'shared-kernel/messages';

/**
 * A search's period fields (issue 32), on the search page and in the front page's hero. A file of
 * its own so the front page's form checks load these few texts, not the whole search catalogue.
 */
export const periodTexts = {
  periodLegend: 'Rendiaeg',
  modeLabel: 'Rendin',
  modeDays: 'päevade kaupa',
  modeHours: 'tundide kaupa',
  fromDayLabel: 'Alates',
  toDayLabel: 'Kuni (kaasa arvatud)',
  hourDayLabel: 'Kuupäev',
  fromHourLabel: 'Kellast',
  toHourLabel: 'Kellani',
  periodBackwards: 'Lõpp ei saa olla enne algust',
} as const satisfies TextCatalogue;

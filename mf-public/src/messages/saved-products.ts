import type { TextCatalogue } from 'shared-kernel/messages';

/** The heart that saves a product on search cards and the product page (issue 32). */
export const savedProductTexts = {
  save: 'Salvesta',
  remove: 'Eemalda salvestatutest',
  saveFailed: 'Salvestamine ebaõnnestus',
  removeFailed: 'Eemaldamine ebaõnnestus',
} as const satisfies TextCatalogue;

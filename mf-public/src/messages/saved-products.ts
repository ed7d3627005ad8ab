import type { TextCatalogue } from 'shared-kernel/messages';

/** The heart that saves a product on search cards and the product page (issue 32). */
export const savedProductTexts = {
  save: 'Salvesta',
  remove: 'Eemalda salvestatutest',
  /** A card's heart names its product: a list of hearts all called 'Salvesta' says nothing to a screen reader. */
  saveNamed: 'Salvesta: {product}',
  removeNamed: 'Eemalda salvestatutest: {product}',
  saveFailed: 'Salvestamine ebaõnnestus',
  removeFailed: 'Eemaldamine ebaõnnestus',
} as const satisfies TextCatalogue;

import type { TextCatalogue } from 'shared-kernel/messages';

/** The heart that saves a product on search cards and the product page (issue 32). */
export const savedProductTexts = {
  save: 'Salvesta',
  /**
   * The heart's name on cards and the product page alike, whatever its state (`aria-pressed` says
   * whether it is saved): a list of hearts all called 'Salvesta' says nothing to a screen reader.
   */
  saveNamed: 'Salvesta: {product}',
  saveFailed: 'Salvestamine ebaõnnestus',
  removeFailed: 'Eemaldamine ebaõnnestus',
  /** On the sign-in page after a heart was pressed while signed out. */
  signInToSave: 'Logi sisse, et toode salvestada.',
} as const satisfies TextCatalogue;

import type { TextCatalogue } from 'shared-kernel/messages';

/**
 * The owner widget's texts (issue 17). The widget runs on other websites, so it carries its own
 * texts in its bundle; only this file of the catalogue is imported by it.
 */
export const ownerWidgetTexts = {
  loading: 'Laadin tooteid…',
  empty: 'Tooteid ei leitud',
  error: 'Tooteid ei õnnestunud laadida. Proovi hiljem uuesti.',
  perDay: '{price} / päev',
  vatIncluded: 'km-ga',
  nextFreeDays: 'Vabad päevad: {days}',
  noFreeDays: 'Lähiajal vabu päevi pole',
  rent: 'Rendi',
  rentLabel: 'Rendi: {title} (avaneb uues aknas)',
  noImage: 'Pilt puudub',
  listLabel: '{owner}: renditavad tooted',
} as const satisfies TextCatalogue;

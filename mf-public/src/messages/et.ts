import type { TextCatalogue } from 'shared-kernel/messages';
import { legalTexts } from './legal';
import { ownerWidgetTexts } from './owner-widget';
import { productTexts } from './product';
import { publicSiteTexts } from './public-site';
import { registrationTexts } from './registration';
import { savedProductTexts } from './saved-products';
import { searchTexts } from './search';

/**
 * mf-public's own UI texts, bundled with the slice (issue 14): a new text ships with the slice's
 * release, no kernel release first. Shared texts (common, errors, validation, domain) stay in
 * shared-kernel/messages.
 *
 * Each area has its own file, and components import that file, not this one: the legal pages'
 * long texts then load with those pages, so the front page downloads only its own texts. This
 * index is the whole catalogue in one object, for tests.
 */
export const publicTexts = {
  publicSite: publicSiteTexts,
  registration: registrationTexts,
  legal: legalTexts,
  search: searchTexts,
  product: productTexts,
  ownerWidget: ownerWidgetTexts,
  savedProducts: savedProductTexts,
} as const satisfies TextCatalogue;

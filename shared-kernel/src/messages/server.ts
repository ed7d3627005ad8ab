import { calendar } from './et/calendar';
import { contractDocument } from './et/contract-document';
import { extensions } from './et/extensions';
import { notifications } from './et/notifications';
import { messages as browserMessages, type TextCatalogue } from './index';

export { format, PRODUCT_NAME, SUPPORT_EMAIL, type TextCatalogue } from './index';

/**
 * The API's catalogue: every text the browser shows (`shared-kernel/messages`) and those only the
 * API writes: notifications and their mails, the contract document, the calendar file, extensions.
 * Those stay out of the browser's catalogue, which every page loads whole (issue 28); browser code
 * never imports this module (infra/test/conventions.test.ts).
 */
export const messages = {
  ...browserMessages,
  notifications,
  contractDocument,
  calendar,
  extensions,
} as const satisfies TextCatalogue;

export type ServerMessages = typeof messages;

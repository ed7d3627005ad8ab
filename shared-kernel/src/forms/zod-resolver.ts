import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'shared-kernel/zod';
// The catalogue's wording itself, not through shared-kernel/zod: that module loads zod, and a page
// that shows a form needs none before the form's first check (issue 28).
import { zodIssueMessage } from '../zod/issue-message';

/** The zod resolver with the Estonian catalogue's texts for rules without a text of their own. */
export function zodFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: zodIssueMessage }) as Resolver<z.input<S>, unknown, z.output<S>>;
}

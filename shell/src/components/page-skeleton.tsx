import { Box } from 'shared-kernel/ui';

/**
 * A page's outline (a heading, a few lines of text, a block) in grey, drawn by the shell's
 * index.html stylesheet, which is there from the first frame and draws the same outline in an
 * empty slice area: the area is never blank while a slice is fetched and mounted (issue 25: after
 * sign-in it was blank for 1-2 s). Decoration only; the loader's label tells assistive technology.
 */
export function PageSkeleton() {
  return <Box className="rendime-page-skeleton" aria-hidden="true" data-testid="page-skeleton" w="100%" m={{ base: 1, md: 2 }} />;
}

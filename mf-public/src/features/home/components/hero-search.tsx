import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, Button, Flex, Input } from 'shared-kernel/ui';
import { useNavigate } from 'shared-kernel/router';
import { Form, useZodForm } from 'shared-kernel/forms';
import { EMPTY_PERIOD, periodOf, tallinnToday } from '../../../components/period/period-form';
import { EMPTY_HERO_SEARCH, heroSearchForm, searchUrl } from '../model/hero-search';
import { publicSiteTexts } from '../../../messages/public-site';
import { periodTexts } from '../../../messages/period';

// The search page's own period fields, loaded when the renter opens them: most visits to the
// front page never do, and its first-load JS is budgeted (infra/perf-budgets.json).
const PeriodInputs = lazy(() => import('../../../components/period/period-inputs').then((m) => ({ default: m.PeriodInputs })));

/**
 * Enter or the button opens the search page with the typed text and, when chosen, the period:
 * days, or one day's hours for hourly products, as the search page's 'Rendiaeg' takes them.
 * `initial`: what was typed into the box before this code came (./hero-search-slot.tsx).
 */
export function HeroSearch({ initial }: { initial?: { search: string } }) {
  const t = publicSiteTexts;
  const schema = useMemo(() => heroSearchForm(), []);
  const form = useZodForm(schema, { defaultValues: { ...EMPTY_HERO_SEARCH, ...initial } });
  const navigate = useNavigate();
  const [periodOpen, setPeriodOpen] = useState(false);
  const today = useMemo(() => tallinnToday(), []);
  const togglePeriod = () => {
    // A closed period is no period: what was chosen in it is not searched by unseen.
    if (periodOpen)
      for (const [name, value] of Object.entries(EMPTY_PERIOD)) form.resetField(name as keyof typeof EMPTY_PERIOD, { defaultValue: value });
    setPeriodOpen(!periodOpen);
  };
  return (
    // The action is the stand-in's (./hero-search-slot.tsx), for the same markup; this form never submits natively.
    <Form
      form={form}
      onSubmit={(v) => void navigate(searchUrl(v.search, periodOf(v)))}
      action="/public/search-products"
      method="get"
      role="search"
      aria-label={t.searchLabel}
    >
      <Flex gap={2} bg="white" p={2} borderRadius="lg" boxShadow="md" maxW="4xl" wrap="wrap" align="flex-start">
        <Input
          {...form.register('search')}
          placeholder={t.searchPlaceholder}
          aria-label={t.searchLabel}
          size="lg"
          border="none"
          flex={{ base: '1 1 100%', md: '2 1 0' }}
          minW={0}
        />
        <Button
          variant="outline"
          size="lg"
          aria-expanded={periodOpen}
          aria-controls={periodOpen ? 'hero-period' : undefined}
          onClick={togglePeriod}
          flex={{ base: '1 1 0', md: 'none' }}
        >
          {t.heroPeriodToggle}
        </Button>
        {periodOpen ? (
          <Box
            id="hero-period"
            role="group"
            aria-label={periodTexts.periodLegend}
            flexBasis="100%"
            minW={0}
            px={1}
            data-testid="hero-period"
          >
            <Suspense fallback={null}>
              <PeriodInputs today={today} />
            </Suspense>
          </Box>
        ) : null}
        <Button type="submit" colorPalette="brand" size="lg" flex={{ base: '1 1 0', md: 'none' }} ml={{ md: 'auto' }}>
          {t.searchButton}
        </Button>
      </Flex>
    </Form>
  );
}

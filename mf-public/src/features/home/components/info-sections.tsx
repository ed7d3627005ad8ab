import { Box, Button, Flex, Grid, Heading, List, Text } from 'shared-kernel/ui';
import { Link as RouterLink } from 'shared-kernel/router';
import { publicSiteTexts } from '../../../messages/public-site';

const t = publicSiteTexts;

export function JoinButton() {
  return (
    <Button asChild size="lg" mt={6} bg="white" color="brand.fg" _hover={{ bg: 'gray.100' }} data-testid="join-button">
      <RouterLink to="/public/signup">{t.joinButton}</RouterLink>
    </Button>
  );
}

export function WhyChoose() {
  const items = [
    [t.why.localTitle, t.why.localText],
    [t.why.safeTitle, t.why.safeText],
    [t.why.freeTitle, t.why.freeText],
  ] as const;
  return (
    <Box as="section" aria-labelledby="why-title">
      <Heading as="h2" id="why-title" size="2xl" mb={6}>
        {t.whyTitle}
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap={6}>
        {items.map(([title, text]) => (
          <Box key={title} p={6} borderRadius="xl" borderWidth="1px">
            <Heading as="h3" size="lg" mb={2}>
              {title}
            </Heading>
            <Text color="gray.700">{text}</Text>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}

export function Testimonial() {
  return (
    <Box as="section" aria-labelledby="testimonial-title" bg="gray.50" borderRadius="xl" p={{ base: 6, md: 10 }}>
      <Heading as="h2" id="testimonial-title" size="xl" mb={4}>
        {t.testimonialTitle}
      </Heading>
      <Box as="blockquote" fontSize={{ base: 'lg', md: 'xl' }} fontStyle="italic" mb={3}>
        “{t.testimonialQuote}”
      </Box>
      <Text fontWeight="semibold">— {t.testimonialAuthor}</Text>
    </Box>
  );
}

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <Box p={6} borderRadius="xl" borderWidth="1px">
      <Heading as="h3" size="lg" mb={4}>
        {title}
      </Heading>
      <List.Root as="ol" gap={2} ps={5}>
        {steps.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

export function HowItWorks() {
  return (
    <Box as="section" aria-labelledby="how-title" data-testid="how-it-works">
      <Heading as="h2" id="how-title" size="2xl" mb={6}>
        {t.howTitle}
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={6}>
        <Steps title={t.howOwnersTitle} steps={Object.values(t.howOwners)} />
        <Steps title={t.howRentersTitle} steps={Object.values(t.howRenters)} />
      </Grid>
    </Box>
  );
}

export function FaqCta() {
  return (
    <Flex
      as="section"
      direction={{ base: 'column', md: 'row' }}
      align={{ md: 'center' }}
      justify="space-between"
      gap={4}
      p={{ base: 6, md: 10 }}
      borderRadius="xl"
      bg="brand.subtle"
    >
      <Box>
        <Heading as="h2" size="xl" mb={2}>
          {t.faqCtaTitle}
        </Heading>
        <Text>{t.faqCtaText}</Text>
      </Box>
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/public/kkk">{t.faqCtaButton}</RouterLink>
      </Button>
    </Flex>
  );
}

export function ClosingCta() {
  return (
    <Box as="section" textAlign="center" py={{ base: 10, md: 16 }} px={4} bg="brand.500" color="brand.950" borderRadius="xl">
      <Heading as="h2" size="2xl" mb={3}>
        {t.closingTitle}
      </Heading>
      <Text fontSize="lg" mb={6}>
        {t.closingText}
      </Text>
      <Button asChild size="lg" bg="white" color="brand.fg" _hover={{ bg: 'gray.100' }}>
        <RouterLink to="/public/signup">{t.closingButton}</RouterLink>
      </Button>
    </Box>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Flex, Input } from 'shared-kernel/ui';
import { useNavigate } from 'shared-kernel/router';
import { publicSiteTexts } from '../../../messages/public-site';

export function searchUrl(text: string): string {
  const q = text.trim();
  return q ? `/public/search-products?search=${encodeURIComponent(q)}` : '/public/search-products';
}

/** Enter or the button opens the search page with the typed text. */
export function HeroSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(searchUrl(text));
  };
  return (
    <form role="search" onSubmit={submit} noValidate aria-label={publicSiteTexts.searchLabel}>
      <Flex gap={2} bg="white" p={2} borderRadius="lg" boxShadow="md" maxW="2xl">
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={publicSiteTexts.searchPlaceholder}
          aria-label={publicSiteTexts.searchLabel}
          size="lg"
          border="none"
          name="search"
        />
        <Button type="submit" colorPalette="brand" size="lg">
          {publicSiteTexts.searchButton}
        </Button>
      </Flex>
    </form>
  );
}

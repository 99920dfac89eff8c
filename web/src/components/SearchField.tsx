import { useTranslation } from 'react-i18next';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A search box that reports after the user pauses typing (300 ms), so a list is not fetched on
 * every keystroke. It follows `value` when that changes from outside (a "Clear Filters").
 */
export function SearchField({ label, value, onSearch }: { label?: string; value: string; onSearch: (value: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  const report = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  // Follow outside changes, but keep what is being typed when it only differs by spaces.
  if (value !== followed) {
    setFollowed(value);
    if (text.trim() !== value) setText(value);
  }
  return (
    <TextInput
      label={label ?? t('components.search')}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
    />
  );
}

import { ActionIcon, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A value an LMS admin pastes, with its name and a copy button. The button says "Copied" (its
 * icon changes too) once the value is on the clipboard.
 */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('ltiAdmin');
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Group wrap="nowrap" gap="xs" align="flex-start">
        <Code block aria-labelledby={id} style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label={copied ? t('tool.copied') : t('tool.copy', { label })}>
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

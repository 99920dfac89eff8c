import { EXPORT_FORMATS, type ExportFormat } from '@exam/shared';
import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A button that opens the export formats; choosing one starts the download. */
export function ExportMenu({ label, disabled, busy, onExport }: { label: string; disabled?: boolean; busy?: boolean; onExport: (format: ExportFormat) => void }) {
  const { t } = useTranslation('bank');
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} disabled={disabled} loading={busy}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => onExport(format)}>
            {t(`formats.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

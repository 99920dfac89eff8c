import { Button } from '@mantine/core';
import { IconLibrary } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The way to the rubric library from where questions are written. */
export function MyRubricsLink() {
  const { t } = useTranslation('rubrics');
  return (
    <Button component={Link} to="/rubrics" variant="default" leftSection={<IconLibrary size={16} aria-hidden />}>
      {t('library.title')}
    </Button>
  );
}

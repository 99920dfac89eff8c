import { SEB_QUIT_PATH } from '@exam/shared';
import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** For a page in Safe Exam Browser, the way out once the exam is over: SEB quits when a page goes to the file's quit URL. */
export function LeaveSebButton() {
  const { t } = useTranslation('seb');
  return (
    <Button component="a" href={SEB_QUIT_PATH} variant="default" leftSection={<IconLogout size={16} aria-hidden />}>
      {t('taking.leave')}
    </Button>
  );
}

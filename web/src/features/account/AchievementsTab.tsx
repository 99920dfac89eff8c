import { Alert, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist, IconFlame, IconStar, IconTrendingUp, IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { formatDateTimeText, useDatePrefs } from '../../lib/dateFormat';
import { useAuth } from '../../session/useAuth';
import { accountApi, accountKeys } from './api';

const ICONS: Record<string, typeof IconTrophy> = { trophy: IconTrophy, star: IconStar, flame: IconFlame, 'trending-up': IconTrendingUp, checklist: IconChecklist };

/** The Achievements tab: what was really earned, each with when. */
export function AchievementsTab() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  useDatePrefs();
  const list = useQuery({ queryKey: accountKeys.achievements(user?._id ?? ''), queryFn: accountApi.achievements, enabled: !!user });
  if (list.isPending) return <Loader aria-label={t('achievements.loading')} />;
  if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
  if (!list.data.length) {
    return (
      <Text c="dimmed">
        {user?.role === 'teacher' ? t('achievements.noneTeacher') : t('achievements.noneStudent')}
      </Text>
    );
  }
  return (
    <Stack>
      {list.data.map((a) => {
        const Icon = ICONS[a.icon] ?? IconTrophy;
        return (
          <Paper key={a.key} withBorder p="sm" data-testid="achievement">
            <Group wrap="nowrap">
              <ThemeIcon size="lg" radius="xl" color="yellow" variant="light">
                <Icon size={20} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={600}>{a.title}</Text>
                <Text size="sm">{a.description}</Text>
                <Text size="xs" c="dimmed">
                  {t('achievements.earned', { date: formatDateTimeText(a.earnedAt) })}
                </Text>
              </div>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

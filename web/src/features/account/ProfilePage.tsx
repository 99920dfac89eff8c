import { Box, Paper, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AchievementsTab } from './AchievementsTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { StatisticsTab } from './StatisticsTab';

const TABS = ['profile', 'statistics', 'achievements', 'security'] as const;

/** /profile: tabs Profile, Statistics, Achievements, Security; ?tab= opens one. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (TABS as readonly string[]).includes(asked ?? '') ? asked! : 'profile';
  return (
    <Box py="md">
      <Title order={1} mb="md">
        {t('profilePage.title')}
      </Title>
      <Paper withBorder p="md">
        <Tabs value={tab} onChange={(v) => setParams(v && v !== 'profile' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((v) => (
              <Tabs.Tab key={v} value={v}>
                {t(`profilePage.tabs.${v}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileTab />
          </Tabs.Panel>
          <Tabs.Panel value="statistics">
            <StatisticsTab />
          </Tabs.Panel>
          <Tabs.Panel value="achievements">
            <AchievementsTab />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <SecurityTab />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Box>
  );
}

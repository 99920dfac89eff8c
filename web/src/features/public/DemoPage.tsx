import { Box, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage, http } from '../../api/http';
import { enumLabel } from '../../i18n/format';
import { notifyError } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../../session/useAuth';

/** The tour: screenshots of the real app (scripts/demo-screenshots.ts makes them). */
/** Each step's words are public:demo.tour.<key> (title, alt, text). */
const TOUR = [
  { key: 'home', image: '/demo/home.png' },
  { key: 'students', image: '/demo/student-dashboard.png' },
  { key: 'teachers', image: '/demo/teacher-dashboard.png' },
  { key: 'admins', image: '/demo/admin-dashboard.png' },
] as const;

interface DemoAccounts {
  accounts: { role: string; email: string }[];
  password: string | null;
}

/** Demo (/demo, the hero's "Watch Demo"): a guided tour, and one-click sign-in where demo accounts exist. */
export function DemoPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('demo.documentTitle'));
  const { login, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const accounts = useQuery({ queryKey: ['demo-accounts'], queryFn: () => http.get<DemoAccounts>('/demo/accounts').then((r) => r.data), meta: { silent: true } });
  const signIn = useMutation({
    mutationFn: (email: string) => login({ email, password: accounts.data?.password ?? '' }),
    onSuccess: () => navigate('/dashboard'),
    onError: (error) => notifyError(errorMessage(error)),
  });

  return (
    <Box py="lg">
      <Stack gap="xl">
        <div>
          <Title order={1} size="h2" mb="xs">
            {t('demo.title')}
          </Title>
          <Text c="dimmed">{t('demo.intro')}</Text>
        </div>
        {!isAuthenticated && accounts.data && accounts.data.accounts.length > 0 && (
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="try-title">
            <Title order={2} size="h4" id="try-title" mb="xs">
              {t('demo.tryTitle')}
            </Title>
            <Text size="sm" mb="sm">
              {t('demo.tryText')}
            </Text>
            <Group>
              {accounts.data.accounts.map((a) => (
                <Button key={a.email} variant="light" onClick={() => signIn.mutate(a.email)} loading={signIn.isPending && signIn.variables === a.email}>
                  {t('demo.signInAs', { role: enumLabel('roles', a.role) })}
                </Button>
              ))}
            </Group>
          </Card>
        )}
        <Stack gap="lg" component="ol" style={{ listStyle: 'none', padding: 0 }}>
          {TOUR.map((step, i) => (
            <Card key={step.key} withBorder padding="lg" radius="md" component="li">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Image src={step.image} alt={t(`demo.tour.${step.key}.alt`)} radius="sm" loading="lazy" />
                <div>
                  <Text size="sm" c="dimmed">
                    {t('demo.step', { step: i + 1, total: TOUR.length })}
                  </Text>
                  <Title order={2} size="h3" mb="xs">
                    {t(`demo.tour.${step.key}.title`)}
                  </Title>
                  <Text>{t(`demo.tour.${step.key}.text`)}</Text>
                </div>
              </SimpleGrid>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}

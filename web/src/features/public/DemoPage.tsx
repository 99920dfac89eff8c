import { Box, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessage, http } from '../../api/http';
import { titleCase } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useAuth } from '../auth/useAuth';

/** The tour: screenshots of the real app (scripts/demo-screenshots.ts makes them). */
const TOUR = [
  { image: '/demo/home.png', title: 'Start here', text: 'Visitors register as a student, teacher or parent; the home page says what the platform does.' },
  { image: '/demo/student-dashboard.png', title: 'Students', text: 'Upcoming exams count down and Take Exam appears the moment an exam opens; results and notifications follow.' },
  { image: '/demo/teacher-dashboard.png', title: 'Teachers', text: 'Essays waiting for marks appear as they are submitted, and a running exam shows who is sitting it, with its proctor board one click away.' },
  { image: '/demo/admin-dashboard.png', title: 'Admins', text: 'Totals, 30-day trends, every server’s health and the messages sent through the contact form.' },
];

interface DemoAccounts {
  accounts: { role: string; email: string }[];
  password: string | null;
}

/** Demo (/demo, the hero's "Watch Demo"): a guided tour, and one-click sign-in where demo accounts exist. */
export function DemoPage() {
  useDocumentTitle('Demo');
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
            A tour of ExamPortal
          </Title>
          <Text c="dimmed">Four screens from the running product, one for each kind of user.</Text>
        </div>
        {!isAuthenticated && accounts.data && accounts.data.accounts.length > 0 && (
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="try-title">
            <Title order={2} size="h4" id="try-title" mb="xs">
              Try it yourself
            </Title>
            <Text size="sm" mb="sm">
              This installation has demo accounts. Sign in as one with a click:
            </Text>
            <Group>
              {accounts.data.accounts.map((a) => (
                <Button key={a.email} variant="light" onClick={() => signIn.mutate(a.email)} loading={signIn.isPending && signIn.variables === a.email}>
                  Sign in as {titleCase(a.role)}
                </Button>
              ))}
            </Group>
          </Card>
        )}
        <Stack gap="lg" component="ol" style={{ listStyle: 'none', padding: 0 }}>
          {TOUR.map((step, i) => (
            <Card key={step.title} withBorder padding="lg" radius="md" component="li">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Image src={step.image} alt={`Screenshot: ${step.title.toLowerCase()} screen`} radius="sm" loading="lazy" />
                <div>
                  <Text size="sm" c="dimmed">
                    Step {i + 1} of {TOUR.length}
                  </Text>
                  <Title order={2} size="h3" mb="xs">
                    {step.title}
                  </Title>
                  <Text>{step.text}</Text>
                </div>
              </SimpleGrid>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}

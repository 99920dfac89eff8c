import { msg } from '../../i18n/messages';
import { contactMessageSchema } from '@exam/shared';
import { Accordion, Box, Button, Card, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { ApiError, http } from '../../api/http';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { apiFieldErrors, zodValidate } from '../../lib/zodForm';

const CONTACT_FAQ = [
  { q: 'Who reads my message?', a: 'Your school’s administrators: it appears on their dashboard at once and is e-mailed to them.' },
  { q: 'How do I get an account?', a: 'Register from the Register page as a student, teacher or parent, then confirm your e-mail address.' },
  { q: 'I forgot my password.', a: 'Use “Forgot password” on the login page: we e-mail you a reset link.' },
  { q: 'A result looks wrong.', a: 'Ask your teacher first: they can review the marking. If that does not help, write to us here.' },
];

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' };

/**
 * Contact (surroundings §2): unlike the original (which only pretended to send), the message is
 * really sent: stored, and passed to the admins live and by e-mail. `website` is a honeypot,
 * hidden from people and assistive technology, that only bots fill in.
 */
export function ContactPage() {
  useDocumentTitle('Contact');
  const form = useForm({ initialValues: EMPTY, validate: zodValidate(contactMessageSchema) });
  const send = useMutation({
    mutationFn: (values: typeof EMPTY) => http.post('/contact', contactMessageSchema.parse(values)),
    onSuccess: () => {
      notifySuccess(msg('contact.sent'));
      form.reset();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setErrors(apiFieldErrors(error.errors));
      notifyError(error instanceof ApiError && error.status === 429 ? error.message : msg('contact.failed'));
    },
  });

  return (
    <Box py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2" mb="xs">
            Contact us
          </Title>
          <Text c="dimmed">Questions about exams, accounts or results? Write to the school’s administrators; they answer by e-mail.</Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder padding="lg" radius="md">
            <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate aria-label="Contact form">
              <Stack>
                <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
                <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
                <TextInput label="Subject" required {...form.getInputProps('subject')} />
                <Textarea label="Message" minRows={5} autosize required {...form.getInputProps('message')} />
                <div style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden="true">
                  <label>
                    Website
                    <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
                  </label>
                </div>
                <Button type="submit" loading={send.isPending}>
                  Send Message
                </Button>
              </Stack>
            </form>
          </Card>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="contact-faq-title">
            <Title order={2} size="h4" id="contact-faq-title" mb="sm">
              Common questions
            </Title>
            <Accordion>
              {CONTACT_FAQ.map((f) => (
                <Accordion.Item key={f.q} value={f.q}>
                  <Accordion.Control>{f.q}</Accordion.Control>
                  <Accordion.Panel>{f.a}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Card>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

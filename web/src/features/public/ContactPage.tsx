import { msg } from '../../i18n/messages';
import { contactMessageSchema } from '@exam/shared';
import { Accordion, Box, Button, Card, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/http';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { apiFieldErrors, zodValidate } from '../../lib/zodForm';

/** The questions beside the form: public:contact.faq.<key>.q / .a. */
const CONTACT_FAQ = ['whoReads', 'account', 'forgotPassword', 'wrongResult'] as const;

const EMPTY = { name: '', email: '', subject: '', message: '', website: '' };

/**
 * Contact: unlike the original (which only pretended to send), the message is
 * really sent: stored, and passed to the admins live and by e-mail. `website` is a honeypot,
 * hidden from people and assistive technology, that only bots fill in.
 */
export function ContactPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('contact.documentTitle'));
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
            {t('contact.title')}
          </Title>
          <Text c="dimmed">{t('contact.intro')}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder padding="lg" radius="md">
            <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate aria-label={t('contact.formLabel')}>
              <Stack>
                <TextInput label={t('contact.name')} autoComplete="name" required {...form.getInputProps('name')} />
                <TextInput label={t('contact.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
                <TextInput label={t('contact.subject')} required {...form.getInputProps('subject')} />
                <Textarea label={t('contact.message')} minRows={5} autosize required {...form.getInputProps('message')} />
                <div style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden="true">
                  <label>
                    {t('contact.website')}
                    <input type="text" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
                  </label>
                </div>
                <Button type="submit" loading={send.isPending}>
                  {t('contact.send')}
                </Button>
              </Stack>
            </form>
          </Card>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="contact-faq-title">
            <Title order={2} size="h4" id="contact-faq-title" mb="sm">
              {t('contact.faqTitle')}
            </Title>
            <Accordion>
              {CONTACT_FAQ.map((k) => (
                <Accordion.Item key={k} value={k}>
                  <Accordion.Control>{t(`contact.faq.${k}.q`)}</Accordion.Control>
                  <Accordion.Panel>{t(`contact.faq.${k}.a`)}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Card>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

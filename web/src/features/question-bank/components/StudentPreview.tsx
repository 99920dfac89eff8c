import type { StudentQuestion } from '@exam/shared';
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { enumLabel } from '../../../i18n/format';
import { pointsLabel } from '../../exams/labels';

/** A question as students will see it: no key, maths rendered in the text, choices and stems. */
export function StudentPreview({ question }: { question: StudentQuestion }) {
  const { t } = useTranslation('bank');
  // True and False are the product's words: they read in the reader's language.
  const choice = (text: string) => (question.type === 'true-false' ? enumLabel('trueFalse', text) : text);
  const stems = question.stems ?? [];
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('student.label')}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{enumLabel('questionTypes', question.type)}</Badge>
          <Badge variant="outline" color="gray">
            {pointsLabel(question.points)}
          </Badge>
        </Group>
        <MathText block text={question.text} />
        {stems.length > 0 && (
          <List size="sm" aria-label={t('student.stems')}>
            {stems.map((stem, i) => (
              <List.Item key={i}>
                <MathText text={stem} />
              </List.Item>
            ))}
          </List>
        )}
        {question.options.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              {t('student.options')}
            </Text>
            <List size="sm" aria-label={t('student.options')}>
              {question.options.map((option, i) => (
                <List.Item key={i}>
                  <MathText text={choice(option)} />
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}

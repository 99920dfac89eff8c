import { Checkbox, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { MathText } from '../../../components/MathText';
import { Section } from '../../../components/Section';
import { enumLabel, formatDuration, formatNumber, formatPercent } from '../../../i18n/format';
import { formatOnClock } from '../../../lib/dateFormat';
import { wallTimeToIso } from '../../../lib/zonedTime';
import { ExamRules } from '../components/ExamRules';
import { QuestionView } from '../components/QuestionView';
import type { ExamFormValues } from '../form/examForm';
import { pointsLabel } from '../labels';
import { questionCount, totalPoints, viewOfDraft, type WizardQuestionsState } from './wizardQuestions';

interface ReviewStepProps {
  values: ExamFormValues;
  questions: WizardQuestionsState;
  publishNow: boolean;
  onPublishNowChange: (value: boolean) => void;
}

/** Step 3: everything that will be created, read-only, before the one creating call. */
export function ReviewStep({ values, questions, publishNow, onPublishNowChange }: ReviewStepProps) {
  const { t } = useTranslation('exams');
  const zone = values.timezone;
  const count = questionCount(questions);
  return (
    <Stack gap="lg">
      <section aria-labelledby="review-details">
        <Title order={2} size="h4" id="review-details" mb="sm">
          {values.title}
        </Title>
        <MathText block text={values.description} mb="sm" />
        <DetailList
          cols={3}
          items={[
            { label: t('review.subject'), value: enumLabel('subjects', values.subject) },
            { label: t('review.grade'), value: t('gradeN', { grade: values.grade }) },
            { label: t('review.duration'), value: formatDuration(Number(values.duration)) },
            { label: t('review.passingMarks'), value: formatPercent(Number(values.passingMarks)) },
            { label: t('review.examType'), value: enumLabel('examTypes', values.examType) },
            { label: t('review.difficulty'), value: enumLabel('difficulties', values.difficulty) },
            { label: t('review.starts'), value: formatOnClock(wallTimeToIso(values.startLocal, zone), zone) },
            { label: t('review.ends'), value: formatOnClock(wallTimeToIso(values.endLocal, zone), zone) },
            { label: t('review.questions'), value: t('review.questionsValue', { number: formatNumber(count), points: pointsLabel(totalPoints(questions, values.subject)) }) },
          ]}
        />
      </section>

      <ExamRules instructions={values.instructions} settings={values.settings} order={3} />

      <Divider />

      <Section title={t('review.questions')} order={3}>
        <Stack gap="sm">
          {questions.drafts.map((d, i) => (
            <QuestionView key={`d${i}`} number={i + 1} question={viewOfDraft(d, values.subject)} />
          ))}
          {questions.bank.map((q, i) => (
            <QuestionView key={q._id} number={questions.drafts.length + i + 1} question={q} />
          ))}
        </Stack>
      </Section>

      <Checkbox
        label={t('review.publishNow')}
        description={t('review.publishNowHint')}
        checked={publishNow}
        onChange={(e) => onPublishNowChange(e.currentTarget.checked)}
      />
    </Stack>
  );
}

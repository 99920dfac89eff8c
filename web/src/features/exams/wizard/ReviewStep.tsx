import { formatDuration } from '@exam/shared';
import { Checkbox, Divider, Stack, Title } from '@mantine/core';
import { DetailList } from '../../../components/DetailList';
import { MathText } from '../../../components/MathText';
import { Section } from '../../../components/Section';
import { titleCase } from '../../../lib/format';
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
            { label: 'Subject', value: titleCase(values.subject) },
            { label: 'Grade', value: `Grade ${values.grade}` },
            { label: 'Duration', value: formatDuration(Number(values.duration)) },
            { label: 'Passing Marks', value: `${values.passingMarks}%` },
            { label: 'Exam Type', value: titleCase(values.examType) },
            { label: 'Difficulty', value: titleCase(values.difficulty) },
            { label: 'Starts', value: formatOnClock(wallTimeToIso(values.startLocal, zone), zone) },
            { label: 'Ends', value: formatOnClock(wallTimeToIso(values.endLocal, zone), zone) },
            { label: 'Questions', value: `${count} (${pointsLabel(totalPoints(questions, values.subject))})` },
          ]}
        />
      </section>

      <ExamRules instructions={values.instructions} settings={values.settings} order={3} />

      <Divider />

      <Section title="Questions" order={3}>
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
        label="Publish now"
        description="Students can see a published exam; you can also publish it later from its card"
        checked={publishNow}
        onChange={(e) => onPublishNowChange(e.currentTarget.checked)}
      />
    </Stack>
  );
}

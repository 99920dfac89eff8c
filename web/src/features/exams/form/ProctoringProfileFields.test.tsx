import { examCreateSchema } from '@exam/shared';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyExamForm, formToExamBody, validateExamForm, type ExamFormValues } from './examForm';
import { ExamDetailsFields } from './ExamDetailsFields';

/** The form's values as last rendered: what the wizard would send. */
let shown: ExamFormValues | null = null;

function Harness() {
  const form = useForm<ExamFormValues>({ initialValues: emptyExamForm() });
  useEffect(() => {
    shown = form.values;
  });
  return <ExamDetailsFields form={form} grades={[10]} examTypes={['practice']} />;
}

describe("the exam form's device checks", { timeout: 30_000 }, () => {
  it('lets a teacher turn on face and voice checks with their seconds, screen share, evidence and which flags count', async () => {
    render(
      <MantineProvider env="test">
        <Harness />
      </MantineProvider>,
    );
    expect(screen.queryByLabelText('Face checks (camera required)')).toBeNull();
    fireEvent.click(screen.getByLabelText('Enable proctoring'));
    fireEvent.click(screen.getByLabelText('Face checks (camera required)'));
    fireEvent.change(screen.getByLabelText('Flag a missing face after'), { target: { value: '12' } });
    fireEvent.click(screen.getByLabelText('Voice check (microphone required)'));
    expect((screen.getByLabelText('Flag speech after') as HTMLInputElement).value).toBe('5 s');
    fireEvent.click(screen.getByLabelText('Screen share required (the whole screen)'));
    fireEvent.click(screen.getByLabelText('Keep a small picture with each flag'));
    fireEvent.click(screen.getByLabelText('Several faces'));
    const body = formToExamBody(shown!);
    expect(body.settings).toMatchObject({
      proctoring: {
        enabled: true,
        faceChecks: { enabled: true, missingSeconds: 12, lookAwaySeconds: 8, multipleFaces: true },
        voiceCheck: { enabled: true, speechSeconds: 5 },
        screenShare: { required: true },
        secondMonitorCheck: false,
        evidencePictures: true,
        countedFlags: ['faces-multiple'],
      },
    });
    // The shared schema takes what the form sends (only the unfilled details are refused).
    expect(Object.keys(validateExamForm(examCreateSchema, shown!)).filter((k) => k.startsWith('settings'))).toEqual([]);
  });
});

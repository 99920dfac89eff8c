import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAnswer } from '../../results/test/buildSubmission';
import { AnswerGradeCard } from './AnswerGradeCard';

describe('grading a partial-credit answer', () => {
  it('shows the matching the student gave as stem → answer, with the key', () => {
    const answer = buildAnswer({ type: 'matching', stems: ['Cat', 'Eagle'], options: ['Bird', 'Mammal'], userAnswer: '{"Cat":"Mammal","Eagle":"Mammal"}', marks: 1, points: 2, status: 'partial', correctAnswer: 'Cat → Mammal; Eagle → Bird', autoMarks: 1 });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <AnswerGradeCard answer={answer} draft={{ marks: 1, feedback: '' }} onChange={() => {}} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('student-answer').textContent).toBe('Cat → Mammal; Eagle → Mammal');
    expect(screen.getByText('Cat → Mammal; Eagle → Bird')).toBeTruthy();
  });
});

import type { SubmissionDetail } from '@exam/shared';
import { Alert, Box, Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { useAuth } from '../../session/useAuth';
import { ResultView } from './components/ResultView';
import { useExamResult, useSubmission } from './hooks';
import { isNotFound, loadFailure, RESULT_TEXT } from './messages';

function ResultScreen({ query }: { query: UseQueryResult<SubmissionDetail> }) {
  const { t } = useTranslation('results');
  const { user } = useAuth();
  let body;
  if (query.isPending) body = <PageLoader label={t('page.loading')} />;
  else if (query.isError && isNotFound(query.error)) {
    body = (
      <Alert color="gray" title={RESULT_TEXT.resultNotFound} data-testid="result-not-found">
        <Button mt="sm" component={Link} to="/dashboard" variant="light">
          {t('page.backToDashboard')}
        </Button>
      </Alert>
    );
  } else if (query.isError) body = <LoadError message={loadFailure(query.error, RESULT_TEXT.loadExamResultsFailed)} onRetry={() => void query.refetch()} />;
  else body = <ResultView detail={query.data} role={user?.role ?? 'student'} />;
  return (
    <Box py="lg">
      {body}
    </Box>
  );
}

/** /exam-result/{submissionId}: one submission's result (its student, their parents, the exam's staff). */
export function SubmissionResultPage() {
  const { submissionId = '' } = useParams();
  return <ResultScreen query={useSubmission(submissionId)} />;
}

/** /exam/{examId}/result: the signed-in student's latest submitted attempt at an exam. */
export function ExamResultPage() {
  const { examId = '' } = useParams();
  return <ResultScreen query={useExamResult(examId)} />;
}

import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { LoadFailure } from './types';

/** Spec core §8: each load failure says what happened and offers the way back to /exams. */
export function LoadError({ failure, onRetry }: { failure: LoadFailure; onRetry?: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" icon={<IconAlertCircle />} title="This exam cannot be opened" role="alert" data-testid="exam-load-error">
        {failure.message}
        <Group mt="md">
          <Button component={Link} to="/exams" variant="light" color="red">
            Back to Exams
          </Button>
          {onRetry && (
            <Button variant="default" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Group>
      </Alert>
    </Container>
  );
}

import { RUBRIC_LIMITS } from '@exam/shared';
import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { MIN_CRITERIA, MIN_LEVELS, addCriterion, addLevel, draftTotal, removeCriterion, removeLevel, setCriterion, setLevel, type RubricDraft } from './rubricDraft';

interface RubricEditorProps {
  value: RubricDraft;
  onChange: (value: RubricDraft) => void;
  /** By field under the rubric: 'criteria.0.title', 'criteria.1.levels.0.points', 'criteria'. */
  errors?: FormErrors;
}

/** A rubric's criteria and their levels, each input named by its place ("Criterion 2 title", "Level 1 points"). */
export function RubricEditor({ value, onChange, errors = {} }: RubricEditorProps) {
  const { t } = useTranslation('rubrics');
  const error = (path: string) => (typeof errors[path] === 'string' ? (errors[path] as string) : undefined);
  const total = draftTotal(value);

  return (
    <Stack gap="sm" data-testid="rubric-editor">
      {value.criteria.map((criterion, ci) => {
        const number = ci + 1;
        return (
          <Paper key={criterion.id} withBorder p="sm" role="group" aria-label={t('editor.criterion', { number })}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('editor.criterionTitle', { number })}
                  value={criterion.title}
                  maxLength={RUBRIC_LIMITS.title}
                  onChange={(e) => onChange(setCriterion(value, ci, { title: e.currentTarget.value }))}
                  error={error(`criteria.${ci}.title`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('editor.removeCriterion', { number })}
                  title={t('editor.removeCriterion', { number })}
                  disabled={value.criteria.length <= MIN_CRITERIA}
                  onClick={() => onChange(removeCriterion(value, ci))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <Textarea
                label={t('editor.criterionDescription', { number })}
                autosize
                minRows={1}
                value={criterion.description}
                onChange={(e) => onChange(setCriterion(value, ci, { description: e.currentTarget.value }))}
                error={error(`criteria.${ci}.description`)}
              />
              {criterion.levels.map((level, li) => {
                const levelNumber = li + 1;
                const path = `criteria.${ci}.levels.${li}`;
                return (
                  <Group key={level.id} align="flex-start" wrap="wrap" gap="xs" pl="md">
                    <TextInput
                      style={{ flex: 2, minWidth: 160 }}
                      label={t('editor.levelTitle', { number: levelNumber })}
                      value={level.title}
                      maxLength={RUBRIC_LIMITS.title}
                      onChange={(e) => onChange(setLevel(value, ci, li, { title: e.currentTarget.value }))}
                      error={error(`${path}.title`)}
                    />
                    <NumberInput
                      w={120}
                      label={t('editor.levelPoints', { number: levelNumber })}
                      min={0}
                      max={1000}
                      step={0.5}
                      decimalScale={1}
                      value={level.points}
                      onChange={(points) => onChange(setLevel(value, ci, li, { points }))}
                      error={error(`${path}.points`)}
                    />
                    <TextInput
                      style={{ flex: 3, minWidth: 160 }}
                      label={t('editor.levelDescription', { number: levelNumber })}
                      value={level.description}
                      onChange={(e) => onChange(setLevel(value, ci, li, { description: e.currentTarget.value }))}
                      error={error(`${path}.description`)}
                    />
                    <ActionIcon
                      mt={26}
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('editor.removeLevel', { level: levelNumber, criterion: number })}
                      title={t('editor.removeLevel', { level: levelNumber, criterion: number })}
                      disabled={criterion.levels.length <= MIN_LEVELS}
                      onClick={() => onChange(removeLevel(value, ci, li))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                );
              })}
              {error(`criteria.${ci}.levels`) && (
                <Text size="sm" c="red" role="alert">
                  {error(`criteria.${ci}.levels`)}
                </Text>
              )}
              <Group pl="md">
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  disabled={criterion.levels.length >= RUBRIC_LIMITS.levels}
                  onClick={() => onChange(addLevel(value, ci))}
                  aria-label={t('editor.addLevelTo', { number })}
                  data-testid={`rubric-add-level-${ci}`}
                >
                  {t('editor.addLevel')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {error('criteria') && (
        <Text size="sm" c="red" role="alert">
          {error('criteria')}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={value.criteria.length >= RUBRIC_LIMITS.criteria}
          onClick={() => onChange(addCriterion(value))}
          data-testid="rubric-add-criterion"
        >
          {t('editor.addCriterion')}
        </Button>
        <Text fw={600} data-testid="rubric-total" aria-live="polite">
          {t('editor.total', { count: total, points: formatNumber(total) })}
        </Text>
      </Group>
    </Stack>
  );
}

import type { ExportFormat } from '@exam/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { questionKeys } from '../exams/hooks';
import { bankApi, type ImportOptions } from './api';
import type { ExportTarget } from './exportPath';
import type { BankListParams } from './types';

// Under the exams' question keys: a write there (a question added to an exam) refreshes the bank too.
export const bankKeys = {
  list: (params: BankListParams) => [...questionKeys.all, 'bank', params] as const,
};

export function useBankQuestions(params: BankListParams) {
  return useQuery({ queryKey: bankKeys.list(params), queryFn: () => bankApi.list(params), placeholderData: keepPreviousData });
}

function useInvalidateBank() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: questionKeys.all });
}

export function useUpdateQuestion() {
  const invalidate = useInvalidateBank();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => bankApi.update(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidateBank();
  return useMutation({ mutationFn: (id: string) => bankApi.remove(id), onSuccess: invalidate });
}

export function useImportDryRun() {
  return useMutation({ mutationFn: ({ file, options }: { file: File; options: ImportOptions }) => bankApi.dryRun(file, options) });
}

export function useImportItems() {
  const invalidate = useInvalidateBank();
  return useMutation({
    mutationFn: ({ file, options, items }: { file: File; options: ImportOptions; items: readonly number[] }) => bankApi.importItems(file, options, items),
    onSuccess: invalidate,
  });
}

export function useExportQuestions() {
  return useMutation({ mutationFn: ({ format, target }: { format: ExportFormat; target: ExportTarget }) => bankApi.exportFile(format, target) });
}

import type { MarkingComment } from '@exam/shared';

export interface MarkingCommentRow {
  id: string;
  owner_id: string;
  text: string;
  use_count: number;
  last_used_at: Date | null;
  created_at: Date;
}

export function presentMarkingComment(row: MarkingCommentRow): MarkingComment {
  return {
    id: row.id,
    text: row.text,
    useCount: Number(row.use_count),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

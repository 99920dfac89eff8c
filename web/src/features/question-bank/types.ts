/** GET /questions as the bank page holds it (empty strings mean "any"). */
export interface BankListParams {
  page: number;
  limit: number;
  search: string;
  subject: string;
  type: string;
  tag: string;
  /** '' is both the viewer's own and the shared ones. */
  scope: '' | 'mine' | 'shared';
}

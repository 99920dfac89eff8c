/** Contract placeholder (issue 55): the marking helper replaces it with the page. */
export function MarkingOverviewPage() {
  return null;
}

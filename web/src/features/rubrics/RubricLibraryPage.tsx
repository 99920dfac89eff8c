/** Contract placeholder (issue 55): the rubric helper replaces it with the page. */
export function RubricLibraryPage() {
  return null;
}

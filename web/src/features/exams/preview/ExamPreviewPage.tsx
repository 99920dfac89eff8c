export function ExamPreviewPage() { return null; }

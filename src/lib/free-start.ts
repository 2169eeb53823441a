export function isPreviewLesson(position: number, markedPreview: boolean): boolean {
  return position === 0 || markedPreview;
}

export function defaultPreviewCount(lessonCount: number): number {
  return Array.from({ length: lessonCount }, (_, i) => isPreviewLesson(i, false)).filter(Boolean).length;
}

export const coursePlayerHref = (courseId: string) => `/course/${courseId}`;

export const freeStartHref = (courseId: string) => `/registrer?next=${encodeURIComponent(coursePlayerHref(courseId))}`;

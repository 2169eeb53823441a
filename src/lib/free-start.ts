/**
 * A free start (the access module's previews): every course's preview lessons are open to every
 * signed-in learner, so the public site's 'Start gratis', 'Kom i gang' and 'Prøv gratis' lead to
 * registration and from there straight into a course's player, which opens on a lesson the new
 * learner may read (src/features/player/player-lessons.ts). Pure, for static pages and islands.
 */

/** True when the lesson at `position` (0-based, in the player's order of the course) is a preview. */
export function isPreviewLesson(position: number, markedPreview: boolean): boolean {
  return position === 0 || markedPreview;
}

/** How many of `lessonCount` lessons are previews before an admin marks any: the first lesson. */
export function defaultPreviewCount(lessonCount: number): number {
  return Array.from({ length: lessonCount }, (_, i) => isPreviewLesson(i, false)).filter(Boolean).length;
}

/** The player of the course: it opens on the first lesson the learner may read. */
export const coursePlayerHref = (courseId: string) => `/course/${courseId}`;

/** Registration, then the course's player: for a visitor who wants to start or try a course. */
export const freeStartHref = (courseId: string) => `/registrer?next=${encodeURIComponent(coursePlayerHref(courseId))}`;

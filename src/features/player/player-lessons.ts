import type { CourseWithContent, PlayerLesson } from '../../schemas/player';

/**
 * The course player's lesson order and navigation rules (spec, learner side,
 * section 4 "Lesson player"). Pure, so they are unit-tested.
 */

/** A lesson with the module it belongs to, in play order. */
export interface OrderedLesson {
  lesson: PlayerLesson;
  moduleId: string;
  moduleTitle: string;
}

/** The course's lessons ordered by module orderIndex, then lesson orderIndex. */
export function orderLessons(course: Pick<CourseWithContent, 'modules'>): OrderedLesson[] {
  return [...course.modules]
    .sort((a, b) => a.module.orderIndex - b.module.orderIndex)
    .flatMap((m) =>
      [...m.lessons].sort((a, b) => a.orderIndex - b.orderIndex).map((lesson) => ({ lesson, moduleId: m.module.id, moduleTitle: m.module.title })),
    );
}

export interface LessonSelection {
  lessonId?: string | null;
  moduleId?: string | null;
}

/**
 * The index of the lesson to show: `?lessonId=` when it names a lesson of the course;
 * else `?moduleId=`: that module's first unfinished lesson (its first lesson when all
 * are done); else the course's first unfinished lesson (the first when all are done).
 * Without `?lessonId=`, a lesson the learner can open comes before a locked one: a learner
 * without the course (a new account from 'Start gratis' or 'Prøv gratis') lands on a preview.
 * -1 only when the course has no lessons.
 */
export function currentLessonIndex(lessons: OrderedLesson[], selection: LessonSelection): number {
  if (lessons.length === 0) return -1;
  if (selection.lessonId) {
    const i = lessons.findIndex((l) => l.lesson.id === selection.lessonId);
    if (i >= 0) return i;
  }
  const firstUnfinished = (from: (l: OrderedLesson) => boolean): number => {
    const open = (l: OrderedLesson) => from(l) && !l.lesson.locked;
    for (const candidate of [
      (l: OrderedLesson) => open(l) && !l.lesson.completed,
      open,
      (l: OrderedLesson) => from(l) && !l.lesson.completed,
      from,
    ]) {
      const i = lessons.findIndex(candidate);
      if (i >= 0) return i;
    }
    return -1;
  };
  if (selection.moduleId) {
    const i = firstUnfinished((l) => l.moduleId === selection.moduleId);
    if (i >= 0) return i;
  }
  return Math.max(
    0,
    firstUnfinished(() => true),
  );
}

/** Reads the selection from a location's query string. */
export function selectionFromSearch(search: string): LessonSelection {
  const params = new URLSearchParams(search);
  return { lessonId: params.get('lessonId'), moduleId: params.get('moduleId') };
}

/** The query string that names a lesson (`?lessonId=`), replacing `moduleId` and keeping other parameters. */
export function searchForLesson(search: string, lessonId: string): string {
  const params = new URLSearchParams(search);
  params.delete('moduleId');
  params.set('lessonId', lessonId);
  return `?${params.toString()}`;
}

export interface NavigationState {
  hasPrevious: boolean;
  hasNext: boolean;
  /** A video lesson that is neither completed nor watched to 95 %: Complete and Next are held back. */
  blockedByVideo: boolean;
  /** A lesson the learner may not open: Complete is off, Next moves on. */
  locked: boolean;
  /** A lesson already completed: Complete has nothing left to do and says 'Fullført'. */
  completed: boolean;
}

/** What the Previous, Complete and Next buttons may do for the lesson at `index`. */
export function navigationState(lessons: OrderedLesson[], index: number, videoWatched: boolean): NavigationState {
  const current = lessons[index]?.lesson;
  return {
    hasPrevious: index > 0,
    hasNext: index >= 0 && index < lessons.length - 1,
    blockedByVideo: current !== undefined && !current.locked && current.contentType === 'video' && !current.completed && !videoWatched,
    locked: current?.locked === true,
    completed: current !== undefined && !current.locked && current.completed,
  };
}

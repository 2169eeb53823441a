import { describe, expect, it } from 'vitest';
import type { PlayerLesson, PlayerModule } from '../../schemas/player';
import { currentLessonIndex, navigationState, orderLessons, searchForLesson, selectionFromSearch } from './player-lessons';

const lesson = (id: string, orderIndex: number, extra: Partial<PlayerLesson> = {}): PlayerLesson => ({
  id,
  title: id,
  description: null,
  orderIndex,
  contentType: 'task',
  estimatedMinutes: 5,
  content: { instructions: 'Gjør det' },
  completed: false,
  watch: null,
  locked: false,
  preview: false,
  ...extra,
});
const mod = (id: string, orderIndex: number, lessons: PlayerLesson[]): PlayerModule => ({
  module: { id, title: `Modul ${id}`, orderIndex },
  lessons,
});

// Deliberately out of order: modules by orderIndex, then lessons by orderIndex.
const course = {
  modules: [
    mod('m2', 2, [lesson('b2', 2), lesson('b1', 1, { completed: true })]),
    mod('m1', 1, [lesson('a2', 2, { completed: true }), lesson('a1', 1, { completed: true })]),
    mod('m3', 3, [lesson('c1', 1, { completed: true })]),
  ],
};
const ordered = orderLessons(course);

describe('orderLessons', () => {
  it('orders by module orderIndex, then lesson orderIndex', () => {
    expect(ordered.map((l) => l.lesson.id)).toEqual(['a1', 'a2', 'b1', 'b2', 'c1']);
    expect(ordered[2]).toMatchObject({ moduleId: 'm2', moduleTitle: 'Modul m2' });
  });
  it('is empty for a course without lessons', () => {
    expect(orderLessons({ modules: [mod('m', 1, [])] })).toEqual([]);
  });
});

describe('currentLessonIndex', () => {
  it('takes ?lessonId= when it names a lesson of the course', () => {
    expect(currentLessonIndex(ordered, { lessonId: 'c1', moduleId: 'm1' })).toBe(4);
  });
  it('takes the first unfinished lesson of ?moduleId=', () => {
    expect(currentLessonIndex(ordered, { moduleId: 'm2' })).toBe(3);
  });
  it("takes a finished module's first lesson", () => {
    expect(currentLessonIndex(ordered, { moduleId: 'm1' })).toBe(0);
    expect(currentLessonIndex(ordered, { moduleId: 'm3' })).toBe(4);
  });
  it('falls back to the first unfinished lesson for unknown or missing ids', () => {
    expect(currentLessonIndex(ordered, {})).toBe(3);
    expect(currentLessonIndex(ordered, { lessonId: 'nope', moduleId: 'nope' })).toBe(3);
  });
  it('opens on a lesson the learner can open: an unfinished preview first, then a finished one, never a locked one by default', () => {
    const previews = (firstDone: boolean) =>
      orderLessons({
        modules: [
          mod('m', 1, [lesson('p', 1, { completed: firstDone }), lesson('l', 2, { locked: true }), lesson('q', 3), lesson('k', 4, { locked: true })]),
        ],
      });
    expect(currentLessonIndex(previews(false), {})).toBe(0);
    expect(currentLessonIndex(previews(true), {})).toBe(2);
    expect(currentLessonIndex(previews(true), { lessonId: 'l' })).toBe(1);
    const onlyLocked = orderLessons({ modules: [mod('m', 1, [lesson('p', 1, { completed: true }), lesson('l', 2, { locked: true })])] });
    expect(currentLessonIndex(onlyLocked, {})).toBe(0);
  });
  it('takes the first lesson when everything is done, and -1 without lessons', () => {
    const done = orderLessons({ modules: [mod('m', 1, [lesson('x', 1, { completed: true }), lesson('y', 2, { completed: true })])] });
    expect(currentLessonIndex(done, {})).toBe(0);
    expect(currentLessonIndex([], { lessonId: 'x' })).toBe(-1);
  });
});

describe('the query string', () => {
  it('reads lessonId and moduleId', () => {
    expect(selectionFromSearch('?moduleId=m1&lessonId=a2')).toEqual({ lessonId: 'a2', moduleId: 'm1' });
    expect(selectionFromSearch('')).toEqual({ lessonId: null, moduleId: null });
  });
  it('names a lesson, dropping moduleId and keeping the rest', () => {
    expect(searchForLesson('?moduleId=m1&x=1', 'b1')).toBe('?x=1&lessonId=b1');
    expect(searchForLesson('', 'b1')).toBe('?lessonId=b1');
  });
});

describe('navigationState', () => {
  const video = orderLessons({
    modules: [mod('m', 1, [lesson('v1', 1, { contentType: 'video' }), lesson('v2', 2, { contentType: 'video', completed: true }), lesson('t', 3)])],
  });
  it('has no Previous on the first lesson and no Next on the last', () => {
    expect(navigationState(video, 0, true)).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(navigationState(video, 2, false)).toMatchObject({ hasPrevious: true, hasNext: false, blockedByVideo: false });
  });
  it('holds an unwatched, unfinished video back', () => {
    expect(navigationState(video, 0, false).blockedByVideo).toBe(true);
    expect(navigationState(video, 0, true).blockedByVideo).toBe(false);
    expect(navigationState(video, 1, false).blockedByVideo).toBe(false);
  });
  it('lets a locked lesson be passed with Next but not completed (decision 26)', () => {
    const locked = orderLessons({ modules: [mod('m', 1, [lesson('p', 1), lesson('l', 2, { contentType: 'video', locked: true }), lesson('t', 3)])] });
    expect(navigationState(locked, 1, false)).toMatchObject({ hasNext: true, blockedByVideo: false, locked: true });
    expect(navigationState(locked, 0, false).locked).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { CatalogueCourse, ModuleWithProgress } from '../../schemas/learning';
import { courseMainAction, moduleAction, moreCourseAction, moreCourses, previewLink, progressCourseIds, reviewHref } from './dashboard-stats';

const progress = (completed: number, total: number) => ({ completed, total, percentage: total ? Math.round((100 * completed) / total) : 0 });
const mod = (id: string, completed: number, total: number): ModuleWithProgress => ({
  module: { id, title: id, orderIndex: 1 },
  progress: progress(completed, total),
});
const course = (id: string, priceOre: number | null, access: CatalogueCourse['access'] = null, onSale = true): CatalogueCourse => ({
  id,
  title: id,
  description: '',
  duration: '1 time',
  level: 'Nybegynner',
  orderIndex: 1,
  priceOre,
  onSale,
  access,
  previewLessons: 1,
});
const enrollment = (courseId: string) => ({
  id: courseId,
  courseId,
  enrolledAt: '2026-11-01T00:00:00Z',
  completedAt: null,
  lessonsTotal: 4,
  lessonsCompleted: 0,
  nextLessonId: null,
});

describe('moduleAction', () => {
  it("says 'Start' before the first lesson, 'Fortsett' on the way and 'Se igjen' when every lesson is done", () => {
    expect(moduleAction(progress(0, 4))).toBe('Start');
    expect(moduleAction(progress(1, 4))).toBe('Fortsett');
    expect(moduleAction(progress(4, 4))).toBe('Se igjen');
    expect(moduleAction(progress(0, 0))).toBe('Start');
  });
});

describe('courseMainAction', () => {
  const at = (lessonsCompleted: number, nextLessonId: string | null = 'l2') =>
    courseMainAction({ courseId: 'a', lessonsTotal: 3, lessonsCompleted, nextLessonId });
  it("says 'Start kurset' before the first lesson, 'Fortsett' on the way and 'Se igjen' when all are done, each to the next lesson", () => {
    expect(at(0, 'l1')).toEqual({ label: 'Start kurset', href: '/course/a?lessonId=l1' });
    expect(at(1)).toEqual({ label: 'Fortsett', href: '/course/a?lessonId=l2' });
    expect(at(3, 'l1')).toEqual({ label: 'Se igjen', href: '/course/a?lessonId=l1' });
    expect(courseMainAction({ courseId: 'a', lessonsTotal: 0, lessonsCompleted: 0, nextLessonId: null })).toEqual({
      label: 'Start kurset',
      href: '/course/a',
    });
  });
});

describe('previewLink', () => {
  it('offers the previews of a course the learner cannot open in full, and nothing otherwise', () => {
    expect(previewLink(course('b', 129000))).toEqual({ href: '/course/b', count: 1 });
    expect(previewLink(course('b', 129000, 'purchase'))).toBeNull();
    expect(previewLink({ ...course('b', 129000), previewLessons: 0 })).toBeNull();
  });
});

describe('reviewHref', () => {
  it('opens the first finished module, or nothing while none is finished', () => {
    expect(reviewHref(['a', 'b'], [[mod('a1', 1, 2)], [mod('b1', 3, 3)]])).toBe('/course/b?moduleId=b1');
    expect(reviewHref(['a'], [[mod('a1', 0, 2)]])).toBeNull();
  });
});

describe("'Flere kurs'", () => {
  it('lists the courses without an enrollment, in catalogue order', () => {
    const catalogue = [course('a', 0), course('b', 129000), course('c', 99000)];
    expect(moreCourses(catalogue, [enrollment('b')]).map((c) => c.id)).toEqual(['a', 'c']);
    expect(progressCourseIds([enrollment('a'), enrollment('b'), enrollment('c'), enrollment('d')])).toEqual(['a', 'b', 'c']);
  });

  it("offers 'Start kurset' for a free course, the checkout for a paid one, the player to staff", () => {
    expect(moreCourseAction(course('a', 0, 'free'))).toEqual({ kind: 'start' });
    expect(moreCourseAction(course('b', 129000))).toEqual({ kind: 'buy', href: '/kasse/b' });
    expect(moreCourseAction(course('b', 129000, 'staff'))).toEqual({ kind: 'open', href: '/course/b' });
    expect(moreCourseAction(course('c', 129000, null, false))).toEqual({ kind: 'read', href: '/c' });
    expect(moreCourseAction(course('d', null))).toEqual({ kind: 'read', href: '/d' });
  });
});

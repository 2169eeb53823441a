import { describe, expect, it } from 'vitest';
import type { Enrollment, ModuleWithProgress } from '../../schemas/learning';
import { dashboardStats, progressCourseIds, reviewHref } from './dashboard-stats';

const enrollment = (courseId: string, completed = false): Enrollment => ({
  id: courseId,
  courseId,
  enrolledAt: '2025-01-01T00:00:00.000Z',
  completedAt: completed ? '2025-02-01T00:00:00.000Z' : null,
});
const mod = (percentage: number): ModuleWithProgress => ({
  module: { id: String(percentage), title: 'M', orderIndex: 0 },
  progress: { percentage, completed: 0, total: 0 },
});

describe('dashboardStats', () => {
  it('counts completed enrollments, floor(percentage / 100 × 20) minutes per module and modules at 100 %', () => {
    const stats = dashboardStats(
      [enrollment('a', true), enrollment('b'), enrollment('c', true)],
      [[mod(100), mod(100)], [mod(33), mod(99), mod(0)], [mod(50)]],
    );
    // 20 + 20 + floor(6.6) + floor(19.8) + 0 + 10
    expect(stats).toEqual({ completedTasks: 2, minutesStudied: 75, modulesCompleted: 2 });
  });

  it('is all zeros with nothing enrolled', () => {
    expect(dashboardStats([], [])).toEqual({ completedTasks: 0, minutesStudied: 0, modulesCompleted: 0 });
  });
});

describe('progressCourseIds', () => {
  it('takes at most the first three enrolled courses', () => {
    expect(progressCourseIds(['a', 'b', 'c', 'd'].map((id) => enrollment(id)))).toEqual(['a', 'b', 'c']);
    expect(progressCourseIds([enrollment('a')])).toEqual(['a']);
  });
});

describe('reviewHref', () => {
  it('leads to the first finished module of the loaded courses', () => {
    expect(reviewHref(['a', 'b'], [[mod(50)], [mod(20), mod(100)]])).toBe('/course/b?moduleId=100');
  });

  it('falls back to the first enrolled course, then to the course list', () => {
    expect(reviewHref(['a', 'b'], [[mod(50)], [mod(0)]])).toBe('/course/a');
    expect(reviewHref([], [])).toBe('#kurs');
  });
});

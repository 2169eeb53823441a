import { navGroups } from '../config/navigation';

/** The chat panel shows any other link in a reply as plain text. */
export const assistantPages = {
  courses: '/#kurs',
  companyPackage: '/nettbasert-pakke',
  purchases: '/kjop',
  withdrawal: '/angrekrav',
  contact: '/kontakt',
} as const;

const coursePages = new Set(navGroups.find((g) => g.id === 'nettkurs')?.links.map((l) => l.href) ?? []);

export function coursePagePath(courseId: string): string | null {
  const path = `/${courseId}`;
  return coursePages.has(path) ? path : null;
}

const pages = new Set<string>(Object.values(assistantPages));

export function isAssistantLink(href: unknown): href is string {
  return typeof href === 'string' && (href.startsWith('/course/') || pages.has(href) || coursePages.has(href));
}

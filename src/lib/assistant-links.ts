import { navGroups } from '../config/navigation';

/**
 * The pages of this site the assistant may link to (issue 29, decision 36), besides the lessons
 * (`/course/…`): the pages that answer what the course material does not (prices, buying for a
 * company, receipts, withdrawal, contact). The server builds its answers from these; the chat panel
 * shows any other link in a reply as plain text.
 */
export const assistantPages = {
  courses: '/#kurs',
  companyPackage: '/nettbasert-pakke',
  purchases: '/kjop',
  withdrawal: '/angrekrav',
  contact: '/kontakt',
} as const;

/** The public pages of the courses (the site menu's 'Nettkurs'), where each course's price is. */
const coursePages = new Set(navGroups.find((g) => g.id === 'nettkurs')?.links.map((l) => l.href) ?? []);

/** A course's public page, or null when the site has none for it. */
export function coursePagePath(courseId: string): string | null {
  const path = `/${courseId}`;
  return coursePages.has(path) ? path : null;
}

const pages = new Set<string>(Object.values(assistantPages));

/** Whether a reply's link may be a link: a lesson of this site, or one of the pages above. */
export function isAssistantLink(href: unknown): href is string {
  return typeof href === 'string' && (href.startsWith('/course/') || pages.has(href) || coursePages.has(href));
}

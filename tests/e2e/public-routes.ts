/** Every public route of the spec's route table (admin-and-static-pages.md, section 2). */
export const courseRoutes = [
  '/grunnleggende-ki',
  '/ki-for-kontoret',
  '/ki-filmproduksjon',
  '/ki-markedsforing',
  '/ki-automatisering',
  '/ki-chatgpt-mester',
] as const;

export const consultingRoutes = ['/konsulent', '/personlig-konsulent', '/bedrift-konsulent', '/automatisering', '/dashboards'] as const;

export const legalRoutes = ['/vilkar', '/personvern', '/cookies', '/angrekrav'] as const;

export const staticRoutes = [
  ...courseRoutes,
  '/live-nettkurs',
  '/nettbasert-pakke',
  '/trenings-pakke',
  ...consultingRoutes,
  '/om-oss',
  '/kontakt',
  '/ki-verktoy',
  '/ki-workflows',
  ...legalRoutes,
] as const;

/** The landing page plus every static page. */
export const publicRoutes = ['/', ...staticRoutes] as const;

/**
 * The checkout's public pages (issue 22): noindex, out of the sitemap, and each with the one React
 * island the public site allows (the checkout form), so they are not in the static pages' budget.
 */
export const checkoutRoutes = ['/kasse/ki-for-kontoret', '/kasse/nettbasert-pakke', '/kasse/testbetaling', '/kasse/retur'] as const;

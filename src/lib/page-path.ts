/** Pages are built as `dist/om-oss.html`, so Astro.url says '/om-oss.html' during the build. */
export function pagePath(url: URL): string {
  const path = url.pathname.replace(/(?:\/index)?\.html$/, '').replace(/\/$/, '');
  return path === '' || path === '/index' ? '/' : path;
}

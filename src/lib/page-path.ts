/**
 * The public path of a page. Pages are built as `dist/om-oss.html` (build.format
 * 'file'), so during the build Astro.url says '/om-oss.html'; the site serves
 * and links it as '/om-oss'.
 */
export function pagePath(url: URL): string {
  const path = url.pathname.replace(/(?:\/index)?\.html$/, '').replace(/\/$/, '');
  return path === '' || path === '/index' ? '/' : path;
}

/**
 * A build whose database holds an admin's hostile course and module titles (issue 20, point 1).
 * The titles go into the database by a direct SQL update, past the API's text schema: the pages
 * must be safe whatever the database holds. Each title has a token of its own (`kurstittel-1`)
 * that shows which built pages carry it.
 */
export const hostileBuild = {
  /** The embedded database the build reads (tests/hostile-build/global-setup.ts makes it). */
  dataDir: '.data/e2e/hostile-build/db',
  /** The build's own out dir, so dist/ (the end-to-end suite's build) is left alone. */
  outDir: '.data/e2e/hostile-build/dist',
  /** Where the spec serves it from (page.route; no server, no port). */
  origin: 'http://hostile-build.test',
  courses: [
    // The example: the course page, its <title> and its JSON-LD.
    {
      id: 'ki-chatgpt-mester',
      token: 'kurstittel-1',
      title: `ChatGPT Mester </script><script>__xssHit('kurstittel-1')</script><img src=x onerror="__xssHit('img-1')"> & &amp;`,
    },
    // First in the catalogue: on the landing page's course grid too.
    { id: 'grunnleggende-ki', token: 'kurstittel-2', title: `Grunnleggende KI </script><script>__xssHit('kurstittel-2')</script>` },
  ],
  /** The first module of the first course above. */
  moduleTitle: `Modul </script><script>__xssHit('modultittel')</script><svg onload="__xssHit('svg')">`,
};

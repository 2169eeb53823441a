import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * The development mail page /dev/e-post (decision 28) is served by a dev-server plugin only: the
 * production build, served as Netlify serves it, has no such page, no file for it and no
 * function answering it.
 */

test.skip(({ isMobile }) => isMobile, 'a missing route is missing at every width');

test('/dev/e-post does not exist in the production build', async ({ request }) => {
  for (const path of ['/dev/e-post', '/dev/e-post/', '/dev/e-post.html']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('E-post fra utviklingsserveren');
  }
  expect(existsSync('dist/dev')).toBe(false);
  expect(existsSync('dist/dev/e-post.html')).toBe(false);
});

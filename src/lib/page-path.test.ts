import { describe, expect, it } from 'vitest';
import { pagePath } from './page-path';

describe('pagePath', () => {
  it.each([
    ['https://x.no/om-oss.html', '/om-oss'],
    ['https://x.no/om-oss', '/om-oss'],
    ['https://x.no/index.html', '/'],
    ['https://x.no/', '/'],
    ['https://x.no/404.html', '/404'],
  ])('%s → %s', (url, path) => expect(pagePath(new URL(url))).toBe(path));
});

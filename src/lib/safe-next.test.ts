import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeNextPath('/course/grunnleggende-ki?moduleId=abc#x')).toBe('/course/grunnleggende-ki?moduleId=abc#x');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([null, undefined, '', 'course', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)'])(
    'sends %s home',
    (next) => expect(safeNextPath(next)).toBe('/'),
  );

  it('never loops back into the sign-in flow', () => {
    expect(safeNextPath('/logg-inn')).toBe('/');
    expect(safeNextPath('/api/login?next=/')).toBe('/');
  });
});

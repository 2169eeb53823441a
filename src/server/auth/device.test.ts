import { describe, expect, it } from 'vitest';
import { issueDeviceToken, verifyDeviceToken } from './device';

describe('device tokens', () => {
  it('verify for the e-mail they were issued for, and only that one', () => {
    const token = issueDeviceToken('ola@example.no');
    expect(token).toMatch(/^[a-z2-7]{26}\.[\w-]{43}$/);
    expect(verifyDeviceToken(token, 'ola@example.no')).toBe(token.split('.')[0]);
    expect(verifyDeviceToken(token, 'kari@example.no')).toBeNull();
  });

  it('refuse tampered, truncated and malformed tokens', () => {
    const token = issueDeviceToken('ola@example.no');
    const [nonce, mac] = token.split('.') as [string, string];
    const flipped = `${nonce}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [flipped, `${nonce}.${mac.slice(0, 20)}`, `${nonce}`, `${nonce}.${mac}.x`, '', 'x.y', `${'a'.repeat(26)}.!!!`]) {
      expect(verifyDeviceToken(bad, 'ola@example.no')).toBeNull();
    }
    expect(verifyDeviceToken(null, 'ola@example.no')).toBeNull();
  });
});

import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';

/** Apart from the seed so the static build can map catalogue modules to rows without loading it. */

export function seedId(name: string): string {
  const bytes = sha256(new TextEncoder().encode(`ki-akademiet-seed:${name}`)).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = encodeHexLowerCase(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const seedModuleId = (courseId: string, m: number) => seedId(`module:${courseId}:${m}`);
export const seedLessonId = (courseId: string, m: number, l: number) => seedId(`lesson:${courseId}:${m}:${l}`);

import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';

/**
 * The seed's deterministic ids, in a module of their own so the static build can map
 * catalogue modules to database rows without loading the seed (and its password hashing).
 */

/** A stable UUID (version 8, RFC 9562) derived from a name. */
export function seedId(name: string): string {
  const bytes = sha256(new TextEncoder().encode(`ki-akademiet-seed:${name}`)).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = encodeHexLowerCase(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Module `m` (0-based, catalogue order) of a catalogue course. */
export const seedModuleId = (courseId: string, m: number) => seedId(`module:${courseId}:${m}`);
/** Lesson `l` of module `m` of a catalogue course. */
export const seedLessonId = (courseId: string, m: number, l: number) => seedId(`lesson:${courseId}:${m}:${l}`);

import type { AdminAuditEntry } from '../../schemas/audit';
import type { LessonType } from '../../schemas/lesson-content';
import { lessonTypeLabels } from './admin-content';
import { roleLabels } from '../../lib/user-display';
import { formatNumber } from '../../lib/format';

/**
 * 'Siste endringer' in words, free of React so it is unit-tested on its own: what an
 * audit entry did, to what, by whom, and its changed fields as short 'before → after' lines.
 */

export const actionLabels: Record<AdminAuditEntry['action'], string> = {
  'course.rename': 'Endret kursnavn',
  'module.rename': 'Endret modulnavn',
  'module.create': 'Opprettet modul',
  'module.move': 'Flyttet modul',
  'lesson.create': 'Opprettet leksjon',
  'lesson.update': 'Endret leksjon',
  'lesson.move': 'Flyttet leksjon',
  'video.create': 'Registrerte video',
  'video.delete': 'Slettet video',
  'site.rebuild': 'Ba om ny publisering av nettsiden',
  'certificate.revoke': 'Trakk tilbake kursbevis',
  'coupon.create': 'Opprettet rabattkode',
  'coupon.update': 'Endret rabattkode',
  'access.grant': 'Ga tilgang til kurs',
  'access.revoke': 'Tok tilbake tilgang til kurs',
  'user.created': 'Opprettet bruker',
  'user.promoted': 'Ga rolle',
  'user.role_changed': 'Endret rolle',
  'user.deactivated': 'Deaktiverte bruker',
  'user.reactivated': 'Aktiverte bruker',
  'user.email_changed': 'Endret e-postadresse',
  'user.password_set': 'Laget passord',
};

const targetLabels: Record<AdminAuditEntry['target']['type'], string> = {
  course: 'Kurs',
  module: 'Modul',
  lesson: 'Leksjon',
  video: 'Video',
  certificate: 'Kursbevis',
  coupon: 'Rabattkode',
  user: 'Bruker',
  site: 'Nettsiden',
};

const fieldLabels: Record<string, string> = {
  title: 'Tittel',
  description: 'Beskrivelse',
  type: 'Type',
  position: 'Plass',
  url: 'URL',
  durationSeconds: 'Varighet (sekunder)',
  role: 'Rolle',
  email: 'E-post',
  isActive: 'Status',
  revoked: 'Trukket tilbake',
  reason: 'Årsak',
  'content.html': 'HTML',
  'content.text': 'Tekst',
  'content.videoUrl': 'Video-URL',
  'content.durationSeconds': 'Varighet (sekunder)',
  'content.captionsUrl': 'Teksting',
  'content.description': 'Beskrivelse',
  'content.instructions': 'Instruksjoner',
  'content.questions': 'Spørsmål',
  result: 'Utfall',
  code: 'Kode',
  kind: 'Type',
  percentOff: 'Prosent',
  amountOffOre: 'Beløp (øre)',
  productId: 'Produkt',
  validFrom: 'Gyldig fra',
  validUntil: 'Gyldig til',
  maxUses: 'Maks antall bruk',
  active: 'Aktiv',
  access: 'Tilgang',
  stillHasAccess: 'Har tilgang gjennom kjøp eller plass',
};

/** A rebuild request's outcome. */
const rebuildResults: Record<string, string> = { requested: 'Bestilt', failed: 'Mislyktes' };

/** Ids and places a create records for the log but the list need not show (the target names the course). */
const hiddenOnCreate = new Set(['courseId', 'moduleId', 'orderIndex']);

/** Longest value shown; the full (stored) value is at most a few thousand characters anyway. */
export const SHOWN_VALUE_MAX = 80;

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SHOWN_VALUE_MAX ? `${flat.slice(0, SHOWN_VALUE_MAX)}…` : flat;
};

/** One value, short and in Norwegian: roles and lesson types by name, status as Aktiv/Inaktiv, '–' for none. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (field === 'role' && typeof value === 'string' && value in roleLabels) return roleLabels[value as keyof typeof roleLabels];
  if (field === 'type' && typeof value === 'string' && value in lessonTypeLabels) return lessonTypeLabels[value as LessonType];
  if (field === 'result' && typeof value === 'string' && value in rebuildResults) return rebuildResults[value]!;
  if (typeof value === 'boolean') return field === 'isActive' ? (value ? 'Aktiv' : 'Inaktiv') : value ? 'Ja' : 'Nei';
  if (typeof value === 'number') return formatNumber(value);
  return clip(typeof value === 'string' ? value : JSON.stringify(value));
}

export interface ChangeLine {
  field: string;
  label: string;
  /** 'før → etter', the new value of a create, or the last value of a delete. */
  text: string;
}

/** The entry's changed fields as lines: 'before → after', or one side for a create or a delete. */
export function changeLines(entry: Pick<AdminAuditEntry, 'before' | 'after'>): ChangeLine[] {
  const { before, after } = entry;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !(before === null && hiddenOnCreate.has(field)))
    .map((field) => {
      const label = fieldLabels[field] ?? field;
      const old = formatAuditValue(field, before?.[field]);
      const now = formatAuditValue(field, after?.[field]);
      const text = before === null ? now : after === null ? old : `${old} → ${now}`;
      return { field, label, text };
    });
}

/** What the entry changed: 'Kurs «KI Grunnkurs»', 'Leksjon «Hva er KI?» i «KI Grunnkurs»', 'Video (slettet)'. */
export function targetText(target: AdminAuditEntry['target']): string {
  const kind = targetLabels[target.type] ?? target.type;
  // The site has no row and no title: it is simply the site.
  if (target.type === 'site') return kind;
  const named = target.label ? `${kind} «${clip(target.label)}»` : `${kind} (finnes ikke lenger)`;
  return target.course ? `${named} i «${clip(target.course)}»` : named;
}

/** Who did it: the name (or the e-mail), the command line for a user change without an actor, or a deleted account. */
export function actorText(entry: Pick<AdminAuditEntry, 'actor' | 'source'>): { name: string; email: string | null } {
  if (entry.actor) return { name: entry.actor.name || entry.actor.email, email: entry.actor.name ? entry.actor.email : null };
  return { name: entry.source === 'user' ? 'Kommandolinjen' : 'Slettet konto', email: null };
}

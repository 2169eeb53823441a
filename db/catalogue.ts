import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CatalogueCourse, catalogueCourseSchema } from '../src/schemas/catalogue';

export const catalogueFolder = fileURLToPath(new URL('../src/content/courses', import.meta.url));

export function loadCatalogue(folder = catalogueFolder): CatalogueCourse[] {
  const courses = readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((file) => {
      const parsed = catalogueCourseSchema.safeParse(JSON.parse(readFileSync(join(folder, file), 'utf8')));
      if (!parsed.success) {
        throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      }
      if (`${parsed.data.id}.json` !== file) throw new Error(`${file}: id must match the file name`);
      return parsed.data;
    });
  return courses.sort((a, b) => a.order - b.order);
}

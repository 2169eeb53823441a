import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { catalogueCourseSchema } from './schemas/catalogue';
import { legalSchema, pageSchema, toolCategorySchema, workflowCategorySchema } from './schemas/content';
import { buildTimeTitles, withAdminOwnedTitles } from './server/admin/course-titles';

/** Admin-owned titles come from the database when the build has a URL, so a rename reaches the prerendered pages on the next build. */
function catalogueLoader(): Loader {
  const files = glob({ pattern: '*.json', base: './src/content/courses' });
  return {
    name: 'catalogue',
    async load(context) {
      await files.load(context);
      const titles = await buildTimeTitles();
      if (!titles) return;
      for (const entry of context.store.values()) {
        const [data] = withAdminOwnedTitles([catalogueCourseSchema.parse(entry.data)], titles);
        if (!data) continue;
        // A digest of its own: the file loader re-reads the file next time instead of keeping these titles.
        context.store.set({ ...entry, data, digest: context.generateDigest({ file: String(entry.digest), titles: JSON.stringify(data) }) });
      }
    },
  };
}

export const collections = {
  courses: defineCollection({
    loader: catalogueLoader(),
    schema: catalogueCourseSchema,
  }),
  pages: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/pages' }),
    schema: pageSchema,
  }),
  tools: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/tools' }),
    schema: toolCategorySchema,
  }),
  workflows: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/workflows' }),
    schema: workflowCategorySchema,
  }),
  legal: defineCollection({
    loader: glob({ pattern: '*.md', base: './src/content/legal' }),
    schema: legalSchema,
  }),
};

import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { catalogueCourseSchema } from './schemas/catalogue';
import { legalSchema, pageSchema, toolCategorySchema, workflowCategorySchema } from './schemas/content';

/**
 * Marketing content lives in git and is validated at build time. The course
 * files are the same ones the database seed reads (`db/catalogue.ts`).
 */
export const collections = {
  courses: defineCollection({
    loader: glob({ pattern: '*.json', base: './src/content/courses' }),
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

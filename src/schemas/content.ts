import { z } from 'zod';
import { MONEY_BACK_GUARANTEE_DAYS } from '../config/site';

/** `astro build` and src/schemas/content.test.ts check every content file against these. */

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const nok = z.number().int().min(0);
const internalPath = z.string().regex(/^\/[a-z0-9\-/]*$/, 'Must be a site path such as /om-oss');

/** The price lists round both ways: 65 % for 5 500 of 8 490 (64.8) and 33 % for 20 100 of 60 000 (33.5). */
function percentMatches(part: number, whole: number, percent: number): boolean {
  return Math.abs((100 * part) / whole - percent) < 1;
}

export const seoSchema = z.strictObject({
  title: text.max(70),
  description: z.string().trim().min(50).max(170),
});

export const heroSchema = z.strictObject({
  eyebrow: text.optional(),
  title: text,
  lead: text,
});

const titled = z.strictObject({ title: text, description: text });

/** The Marketing Control Act forbids invented reviews: only a consented quote may go live; a production build refuses the rest. */
export const testimonialSchema = z
  .strictObject({
    quote: text,
    name: text,
    role: text,
    consented: z.boolean().default(false),
    source: text.optional(),
  })
  .refine((t) => !t.consented || t.source !== undefined, { message: 'a consented testimonial needs its source', path: ['source'] });

export const faqSchema = z.strictObject({ question: text, answer: text });

const titledSection = (min: number, max: number) =>
  z.strictObject({ heading: text, lead: text.optional(), items: z.array(titled).min(min).max(max) });

const ctaSchema = z.strictObject({ heading: text, text: text, button: text });

export const consultingPackageSchema = z.strictObject({
  id: slug,
  title: text,
  duration: text,
  priceNok: nok,
  priceFrom: z.boolean().default(true),
  description: text,
  features: z.array(text).min(3).max(10),
  popular: z.boolean().default(false),
  savings: text.optional(),
});

const consultingPage = z.strictObject({
  kind: z.literal('consulting'),
  seo: seoSchema,
  hero: heroSchema,
  packagesHeading: text,
  packages: z.array(consultingPackageSchema).length(3),
  metrics: z
    .array(z.strictObject({ value: text, label: text }))
    .min(3)
    .max(4)
    .optional(),
  benefits: titledSection(3, 6).optional(),
  tools: titledSection(3, 12).optional(),
  dataSources: z.strictObject({ heading: text, lead: text.optional(), items: z.array(text).min(4).max(16) }).optional(),
  process: titledSection(3, 6),
  testimonial: testimonialSchema.optional(),
  cta: ctaSchema,
});

const consultingOverviewPage = z.strictObject({
  kind: z.literal('consulting-overview'),
  seo: seoSchema,
  hero: heroSchema,
  groups: z
    .array(
      z.strictObject({
        heading: text,
        lead: text,
        page: slug,
        packageIds: z.array(slug).length(2),
      }),
    )
    .length(2),
  cta: ctaSchema,
});

const aboutPage = z.strictObject({
  kind: z.literal('about'),
  seo: seoSchema,
  hero: heroSchema,
  values: titledSection(3, 6),
  vision: z.strictObject({ heading: text, paragraphs: z.array(text).min(1).max(4) }),
  founder: z.strictObject({ heading: text, name: text, role: text, paragraphs: z.array(text).min(2).max(6) }),
  cta: ctaSchema,
});

const bundlePage = z
  .strictObject({
    kind: z.literal('bundle'),
    seo: seoSchema,
    hero: heroSchema,
    price: z.strictObject({
      priceNok: nok,
      regularNok: nok,
      savedNok: nok,
      savedPercent: z.number().int().min(1).max(99),
      trialDays: z.number().int().min(1),
      lifetimeAccess: z.literal(true),
      hours: text,
      /** The one money-back rule of the terms (/vilkar § 7, /angrekrav). */
      guaranteeDays: z.literal(MONEY_BACK_GUARANTEE_DAYS),
    }),
    benefits: titledSection(3, 8),
    includedCourses: z.strictObject({
      heading: text,
      items: z.array(z.strictObject({ title: text, href: internalPath, description: text })).length(6),
    }),
    learningPath: z.strictObject({
      heading: text,
      lead: text,
      stages: z
        .array(
          z.strictObject({
            weeks: text,
            title: text,
            description: text,
            /** The seats' courses follow this order. */
            course: internalPath.optional(),
          }),
        )
        .min(3)
        .max(6),
    }),
    testimonial: testimonialSchema,
    faq: z.strictObject({ heading: text, items: z.array(faqSchema).min(4).max(10) }),
    cta: ctaSchema,
  })
  .refine((p) => p.price.regularNok - p.price.priceNok === p.price.savedNok, {
    message: 'regularNok - priceNok must equal savedNok',
    path: ['price', 'savedNok'],
  })
  .refine((p) => percentMatches(p.price.savedNok, p.price.regularNok, p.price.savedPercent), {
    message: 'savedPercent must be savedNok / regularNok in whole percent',
    path: ['price', 'savedPercent'],
  });

const dayPlan = z.strictObject({ title: text, description: text, topics: z.array(text).min(3).max(8) });

const physicalPage = z
  .strictObject({
    kind: z.literal('physical'),
    seo: seoSchema,
    hero: heroSchema,
    intensive: z.strictObject({
      heading: text,
      lead: text,
      hoursPerDay: z.number().int().min(1).max(12),
      days: z.array(dayPlan).length(3),
    }),
    followUp: z.strictObject({ heading: text, lead: text, days: z.array(dayPlan).length(2) }),
    support: z.strictObject({ heading: text, months: z.number().int().min(1), description: text, items: z.array(text).min(3) }),
    included: z.strictObject({ heading: text, items: z.array(text).min(4).max(12) }),
    testimonial: testimonialSchema,
    price: z.strictObject({
      heading: text,
      priceNok: nok,
      valueNok: nok,
      items: z.array(z.strictObject({ label: text, valueNok: nok })).min(2),
      savedNok: nok,
      savedPercent: z.number().int().min(1).max(99),
      note: text,
    }),
    cta: ctaSchema,
  })
  .refine((p) => p.price.items.reduce((sum, i) => sum + i.valueNok, 0) === p.price.valueNok, {
    message: 'the value items must add up to valueNok',
    path: ['price', 'valueNok'],
  })
  .refine((p) => p.price.valueNok - p.price.priceNok === p.price.savedNok, {
    message: 'valueNok - priceNok must equal savedNok',
    path: ['price', 'savedNok'],
  })
  .refine((p) => percentMatches(p.price.savedNok, p.price.valueNok, p.price.savedPercent), {
    message: 'savedPercent must be savedNok / valueNok in whole percent',
    path: ['price', 'savedPercent'],
  });

const livePage = z.strictObject({
  kind: z.literal('live'),
  seo: seoSchema,
  hero: heroSchema,
  upcoming: z.strictObject({ heading: text, items: z.array(titled).length(3) }),
  benefits: titledSection(3, 6),
  facts: z.strictObject({
    maxParticipants: z.number().int().min(1),
    recordingDays: z.number().int().min(1),
    minMbps: z.number().int().min(1),
  }),
  requirements: z.strictObject({ heading: text, items: z.array(text).min(3).max(8) }),
  backLink: z.strictObject({ heading: text, text: text, button: text }),
});

const landingPage = z.strictObject({
  kind: z.literal('landing'),
  seo: seoSchema,
  hero: heroSchema.extend({
    video: z.strictObject({
      title: text,
      src: z.string().regex(/^\/media\/[a-z0-9-]+\.mp4$/),
      captions: z.string().regex(/^\/media\/[a-z0-9-]+\.vtt$/),
      /** Must match the file (db/media.ts, checked by a unit test). */
      length: z.string().regex(/^\d+:[0-5]\d$/),
      note: text.optional(),
    }),
  }),
  courses: z.strictObject({ heading: text, lead: text }),
  liveCourse: z.strictObject({
    title: text,
    description: text,
    duration: text,
    lessons: text,
    level: text,
    href: internalPath,
  }),
  why: titledSection(3, 6),
  cta: ctaSchema,
});

const toolsPage = z.strictObject({
  kind: z.literal('tools'),
  seo: seoSchema,
  hero: heroSchema,
  gettingStarted: titledSection(3, 3),
  cta: ctaSchema,
});

const workflowsPage = z.strictObject({
  kind: z.literal('workflows'),
  seo: seoSchema,
  hero: heroSchema,
  help: z.strictObject({
    heading: text,
    lead: text,
    offers: z.array(z.strictObject({ title: text, description: text, duration: text, button: text })).length(3),
  }),
});

const contactPage = z.strictObject({
  kind: z.literal('contact'),
  seo: seoSchema,
  hero: heroSchema,
  details: z.strictObject({ heading: text, lead: text.optional(), lines: z.array(text).min(1).max(6), email: text, phone: text }),
  form: z.strictObject({ heading: text, lead: text, button: text }),
  booking: z.strictObject({ heading: text, text: text, button: text.regex(/^Book /, 'A booking button says that it books: start it with "Book "') }),
});

export const pageSchema = z.discriminatedUnion('kind', [
  consultingPage,
  consultingOverviewPage,
  aboutPage,
  bundlePage,
  physicalPage,
  livePage,
  landingPage,
  toolsPage,
  workflowsPage,
  contactPage,
]);

export type PageContent = z.infer<typeof pageSchema>;
export type PageKind = PageContent['kind'];
export type PageOfKind<K extends PageKind> = Extract<PageContent, { kind: K }>;
export type ConsultingPackage = z.infer<typeof consultingPackageSchema>;

export const toolCategorySchema = z.strictObject({
  order: z.number().int().min(1),
  title: text,
  description: text,
  tools: z
    .array(
      z.strictObject({
        name: text,
        description: text,
        useCase: text,
        pricing: text,
        rating: z.number().int().min(1).max(5),
        url: z.url({ protocol: /^https$/ }),
        workflows: z.array(text).min(1).max(4),
      }),
    )
    .length(3),
});

export const difficultySchema = z.enum(['Lett', 'Middels', 'Avansert']);

export const workflowCategorySchema = z.strictObject({
  order: z.number().int().min(1),
  title: text,
  description: text,
  workflows: z
    .array(
      z.strictObject({
        title: text,
        description: text,
        difficulty: difficultySchema,
        implementationTime: text,
        timeSaved: text,
        tools: z.array(text).min(1).max(5),
        steps: z.array(text).min(4).max(10),
        roi: text,
      }),
    )
    .length(2),
});

export const legalSchema = z.strictObject({
  title: text,
  description: z.string().trim().min(50).max(170),
  updated: z.coerce.date(),
});

export const courseMarketingSchema = z.strictObject({
  tagline: text,
  heroLead: text,
  audience: text,
  whatYouLearn: z.array(text).min(4).max(8),
  prerequisites: z.array(text).min(1).max(5),
  priceNok: nok,
  /** A course's price is charged once ('Engangspris'), never a starting price ('Fra …'). */
  priceFrom: z.literal(false, { error: 'A course has one fixed price: priceFrom must be false' }),
  priceIncludes: z.array(text).min(3).max(8),
  seoDescription: z.string().trim().min(50).max(170),
});

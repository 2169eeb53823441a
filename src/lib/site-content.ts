import { getCollection, getEntry } from 'astro:content';
import { site } from '../config/site';
import type { PageKind, PageOfKind } from '../schemas/content';

/** Texts may say `{product}` and the company-fact tokens, filled in here from src/config/site.ts. */
const tokens: Record<string, string> = {
  product: site.productName,
  companyName: site.companyName,
  orgNumber: site.orgNumber,
  address: site.address,
  email: site.email,
  phone: site.phone,
  founderName: site.founderName,
};

export function fillTokens(text: string): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => tokens[name] ?? match);
}

function fillDeep<T>(value: T): T {
  if (typeof value === 'string') return fillTokens(value) as T;
  if (Array.isArray(value)) return value.map(fillDeep) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v)])) as T;
  }
  return value;
}

export async function getPage<K extends PageKind>(id: string, kind: K): Promise<PageOfKind<K>> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`src/content/pages/${id}.yaml is missing`);
  if (entry.data.kind !== kind) throw new Error(`src/content/pages/${id}.yaml must have kind '${kind}'`);
  // eslint-disable-next-line no-restricted-syntax -- build-time content checked by its collection schema, not API data
  return fillDeep(entry.data as PageOfKind<K>);
}

/** Course and module titles are the database's when the build has one. */
export async function getCourses() {
  const courses = await getCollection('courses');
  return courses.map((c) => fillDeep(c.data)).sort((a, b) => a.order - b.order);
}

export async function getToolCategories() {
  return (await getCollection('tools')).map((c) => fillDeep(c.data)).sort((a, b) => a.order - b.order);
}

export async function getWorkflowCategories() {
  return (await getCollection('workflows')).map((c) => fillDeep(c.data)).sort((a, b) => a.order - b.order);
}

export async function getLegalPage(id: string) {
  const entry = await getEntry('legal', id);
  if (!entry) throw new Error(`src/content/legal/${id}.md is missing`);
  const html = entry.rendered?.html;
  if (!html) throw new Error(`src/content/legal/${id}.md rendered no HTML`);
  return { ...entry.data, title: fillTokens(entry.data.title), description: fillTokens(entry.data.description), html: fillTokens(html) };
}

// The function bundles, built offline the way Netlify builds them, with netlify.toml's `included_files` exclusions.
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

/** Zip budgets in bytes: the zip is fetched and unpacked on every cold start. */
export const BUNDLE_BUDGET = 1_000_000;
export const BUNDLE_BUDGETS: Record<string, number> = {
  // The OpenAI client.
  chat: 2_000_000,
  // React Email's renderer and nodemailer; never on a visitor's critical path.
  'mail-sender': 2_000_000,
  // The Stripe SDK (about 250 KB zipped), the receipt mail and pdf-lib; none of them is on a page's first paint.
  checkout: 1_250_000,
  'admin-orders': 1_250_000,
  // Sends mail after answering; deleting an account settles its open orders with the providers first.
  account: 2_250_000,
  contact: 2_000_000,
  // Invitations and reminders (the mail sender); invoices settle through reconcile (the providers).
  company: 2_000_000,
  'admin-companies': 2_250_000,
  'checkout-return': 2_250_000,
  webhooks: 2_250_000,
  'order-sweeper': 2_250_000,
  'receipt-pdf': 2_250_000,
  // pdf-lib with its font engine, and the weekly reminder's mail sender.
  'certificate-pdf': 2_250_000,
  'learning-reminders': 2_000_000,
};
export const budgetOf = (name: string) => BUNDLE_BUDGETS[name] ?? BUNDLE_BUDGET;

export interface Bundle {
  name: string;
  path: string;
  bytes: number;
}

export interface BundleLayout {
  basePath: string;
  root: string;
  realNodeModules: string;
}

export function bundleLayout(root: string): BundleLayout {
  const nodeModules = resolve(root, 'node_modules');
  const realNodeModules = existsSync(nodeModules) ? realpathSync(nodeModules) : nodeModules;
  const basePath = realNodeModules === nodeModules ? root : commonAncestor(root, realNodeModules);
  return { basePath, root, realNodeModules };
}

export function functionsIncludedFiles(toml: string, functionName?: string): string[] {
  const header = functionName === undefined ? String.raw`\[functions\]` : String.raw`\[functions\."${functionName}"\]`;
  const section = new RegExp(String.raw`^${header}\s*$([\s\S]*?)(?=^\[)`, 'm').exec(`${toml}\n[end]`)?.[1] ?? '';
  const list = /^\s*included_files\s*=\s*\[([\s\S]*?)\]/m.exec(section)?.[1] ?? '';
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

export function functionsWithOwnSection(toml: string): string[] {
  return [...toml.matchAll(/^\[functions\."([^"]+)"\]\s*$/gm)].map((m) => m[1]!);
}

function commonAncestor(a: string, b: string): string {
  const x = a.split(sep);
  const y = b.split(sep);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join(sep) || sep;
}

/** In a git worktree whose node_modules is a symlink, the base folder is widened to hold both, so the zips hold what a normal clone would ship. */
export async function buildBundles(root: string, out: string, archiveFormat: 'zip' | 'none' = 'zip'): Promise<Bundle[]> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const { basePath, realNodeModules } = bundleLayout(root);
  const toml = readFileSync(resolve(root, 'netlify.toml'), 'utf8');
  const located = (pattern: string) => {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const absolute = body.startsWith('node_modules/') ? resolve(realNodeModules, body.slice('node_modules/'.length)) : resolve(root, body);
    return `${negated ? '!' : ''}${relative(basePath, absolute)}`;
  };
  const includedFiles = functionsIncludedFiles(toml).map(located);
  // A function's own section adds to the shared list, as on Netlify.
  const own = Object.fromEntries(
    functionsWithOwnSection(toml).map((name) => [
      name,
      {
        nodeBundler: 'esbuild' as const,
        includedFiles: [...includedFiles, ...functionsIncludedFiles(toml, name).map(located)],
        includedFilesBasePath: basePath,
      },
    ]),
  );
  const results = await zipFunctions(resolve(root, 'netlify/functions'), out, {
    basePath,
    repositoryRoot: basePath,
    config: { '*': { nodeBundler: 'esbuild', includedFiles, includedFilesBasePath: basePath }, ...own },
    archiveFormat,
  });
  return results
    .filter((r) => r.path)
    .map((r) => ({ name: r.name, path: r.path, bytes: archiveFormat === 'zip' ? statSync(r.path).size : 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** In a git worktree the bundle holds the node_modules symlink; point it at the bundle's own copy instead. */
export function prepareUnpacked(layout: BundleLayout, bundleDir: string, name: string): string {
  const inBundle = (path: string) => join(bundleDir, relative(layout.basePath, path));
  const link = inBundle(join(layout.root, 'node_modules'));
  if (existsSync(link) && lstatSync(link).isSymbolicLink()) {
    unlinkSync(link);
    symlinkSync(relative(dirname(link), inBundle(layout.realNodeModules)), link);
  }
  return inBundle(join(layout.root, 'netlify/functions', `${name}.mjs`));
}

// The function bundles Netlify deploys, built offline the way Netlify builds them
// (@netlify/zip-it-and-ship-it: Functions v2 are always traced with nft, their
// node_modules shipped as files), with the `included_files` exclusions of
// netlify.toml's [functions] section applied. Used by `npm run size` and by the
// bundle budget test (scripts/bundles.test.ts). See docs/decisions/0018-function-bundles.md.
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';

/** Zip budgets in bytes (cold starts: the zip is fetched and unpacked on every cold start). */
export const BUNDLE_BUDGET = 1_000_000;
export const BUNDLE_BUDGETS: Record<string, number> = {
  // The OpenAI client (issue 15: chat ≤ 2 MB).
  chat: 2_000_000,
  // React Email's renderer (react-dom/server) and nodemailer. It runs on a schedule
  // (and in the waitUntil of a route that sends mail), never on a visitor's critical path.
  'mail-sender': 2_000_000,
  // Decision 30. The functions that talk to the payment providers carry the official Stripe SDK
  // (about 250 KB zipped, its CommonJS copy left out); those that pay an order also send its
  // receipt right after answering (the sender above); the receipt PDF carries pdf-lib with its
  // font engine. None of them is on a page's first paint.
  checkout: 1_250_000,
  'admin-orders': 1_250_000,
  // The account and sign-up: they send mail right after answering (the mail sender); deleting
  // an account settles its open orders with the payment providers first.
  account: 2_250_000,
  // The contact form: it mails the team right after answering (the mail sender).
  contact: 2_000_000,
  // Company packages: the manager's routes send invitations and reminders (the mail sender);
  // the superuser's settle invoices through reconcile (the providers and the mail sender).
  company: 2_000_000,
  'admin-companies': 2_250_000,
  'checkout-return': 2_250_000,
  webhooks: 2_250_000,
  'order-sweeper': 2_250_000,
  'receipt-pdf': 2_250_000,
  // Certificates and reminders: the certificate's PDF carries pdf-lib with its font engine like
  // the receipt's; the weekly reminder sends what it queued right away (the mail sender).
  'certificate-pdf': 2_250_000,
  'learning-reminders': 2_000_000,
};
export const budgetOf = (name: string) => BUNDLE_BUDGETS[name] ?? BUNDLE_BUDGET;

export interface Bundle {
  name: string;
  /** The zip, or with archiveFormat 'none' the folder. */
  path: string;
  /** Size of the zip (0 for a folder). */
  bytes: number;
}

/** Where the bundles put things: paths inside a bundle are relative to `basePath`. */
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

/** The `included_files` list of netlify.toml's [functions] section (a TOML string array). */
export function functionsIncludedFiles(toml: string, functionName?: string): string[] {
  const header = functionName === undefined ? String.raw`\[functions\]` : String.raw`\[functions\."${functionName}"\]`;
  const section = new RegExp(String.raw`^${header}\s*$([\s\S]*?)(?=^\[)`, 'm').exec(`${toml}\n[end]`)?.[1] ?? '';
  const list = /^\s*included_files\s*=\s*\[([\s\S]*?)\]/m.exec(section)?.[1] ?? '';
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

/** The functions that have a `[functions."name"]` section of their own in netlify.toml. */
export function functionsWithOwnSection(toml: string): string[] {
  return [...toml.matchAll(/^\[functions\."([^"]+)"\]\s*$/gm)].map((m) => m[1]!);
}

/** Common ancestor folder of two absolute paths. */
function commonAncestor(a: string, b: string): string {
  const x = a.split(sep);
  const y = b.split(sep);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join(sep) || sep;
}

/**
 * Zips every function of netlify/functions into `out`. In a git worktree whose
 * node_modules is a symlink (nft follows it to its real path), the base folder is
 * widened to hold both, and netlify.toml's `node_modules/…` patterns are pointed at
 * the real folder, so the zips hold what a normal clone would ship.
 */
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

/**
 * Makes an unpacked bundle (archiveFormat 'none') runnable where it lies: in a git worktree
 * it holds the worktree's node_modules symlink, pointing at the full folder outside; point
 * it at the bundle's own copy instead. Returns the function's main module.
 */
export function prepareUnpacked(layout: BundleLayout, bundleDir: string, name: string): string {
  const inBundle = (path: string) => join(bundleDir, relative(layout.basePath, path));
  const link = inBundle(join(layout.root, 'node_modules'));
  if (existsSync(link) && lstatSync(link).isSymbolicLink()) {
    unlinkSync(link);
    symlinkSync(relative(dirname(link), inBundle(layout.realNodeModules)), link);
  }
  return inBundle(join(layout.root, 'netlify/functions', `${name}.mjs`));
}

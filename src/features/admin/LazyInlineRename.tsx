import { type ComponentProps, lazy, Suspense } from 'react';

const InlineRenameForm = lazy(() => import('./InlineRename'));

/**
 * The rename form loads on the first rename: it checks with the server's schema, and zod and the
 * forms library would otherwise weigh on /admin's first view, which only lists.
 */
export function InlineRename(props: ComponentProps<typeof InlineRenameForm>) {
  return (
    <Suspense fallback={<p className="min-w-0 flex-1 truncate py-2 text-muted">{props.initial}</p>}>
      <InlineRenameForm {...props} />
    </Suspense>
  );
}

/** 'Laster administrasjonsdashboard...' (spec): while the user or the admin view is loading. */
export function AdminLoading() {
  return (
    <main aria-busy="true" className="mx-auto flex min-h-[50vh] max-w-6xl items-center justify-center px-4 py-16">
      <p className="text-muted">Laster administrasjonsdashboard...</p>
    </main>
  );
}

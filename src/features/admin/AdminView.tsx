import { lazy, Suspense } from 'react';
import type { CurrentUser } from '../../schemas/auth';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { HydrateInParts } from '../../components/app/HydrateInParts';
import { AdminHeader } from './AdminHeader';
import { ContentManagement } from './ContentManagement';
import SitePublishing from './SitePublishing';

// Statistics and the user grid are for the superuser only: an admin never downloads them.
const SuperuserDashboard = lazy(() => import('./SuperuserDashboard'));
// Orders and refunds: superuser only too, and loaded when the tab is first opened.
const OrdersTab = lazy(() => import('./OrdersTab'));
// Companies and their invoices: superuser only, loaded when the tab is first opened.
const CompaniesTab = lazy(() => import('./CompaniesTab'));
// Certificates and revoking them: superuser only, loaded when the tab is first opened.
const CertificatesTab = lazy(() => import('./CertificatesTab'));
// The shop's tools: coupons and people with access by hand (superuser only, lazy). Publishing is part of
// the first paint (the server renders it with the page's publishing state), so it is not lazy.
const CouponsTab = lazy(() => import('./CouponsTab'));
const PeopleTab = lazy(() => import('./PeopleTab'));

/** The superuser's tabs read only when open, and only for a superuser. */
export default function AdminView({ user }: { user: CurrentUser }) {
  const isSuperuser = user.role === 'superuser';
  return (
    <div className="min-h-screen">
      <HydrateInParts>
        <AdminHeader user={user} />
      </HydrateInParts>
      <main id="main" className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
        <h1 className="break-words text-xl font-bold text-ink sm:text-3xl">Administrasjonsdashboard</h1>
        {isSuperuser && <SitePublishing />}
        <Tabs defaultValue="innhold">
          <TabsList aria-label="Administrasjon" className="flex w-full flex-wrap sm:w-fit">
            <TabsTrigger value="innhold">Innholdsbehandling</TabsTrigger>
            {isSuperuser && <TabsTrigger value="dashboard">Statistikk</TabsTrigger>}
            {isSuperuser && <TabsTrigger value="ordrer">Ordrer</TabsTrigger>}
            {isSuperuser && <TabsTrigger value="bedrifter">Bedrifter</TabsTrigger>}
            {isSuperuser && <TabsTrigger value="kursbevis">Kursbevis</TabsTrigger>}
            {isSuperuser && <TabsTrigger value="rabattkoder">Rabattkoder</TabsTrigger>}
            {isSuperuser && <TabsTrigger value="brukere">Brukere</TabsTrigger>}
          </TabsList>
          <TabsContent value="innhold">
            <HydrateInParts>
              <ContentManagement />
            </HydrateInParts>
          </TabsContent>
          {isSuperuser && (
            <TabsContent value="dashboard">
              <Suspense fallback={<p className="text-muted">Laster dashboard...</p>}>
                <SuperuserDashboard currentUserId={user.id} />
              </Suspense>
            </TabsContent>
          )}
          {isSuperuser && (
            <TabsContent value="ordrer">
              <Suspense fallback={<p className="text-muted">Laster ordrer...</p>}>
                <OrdersTab />
              </Suspense>
            </TabsContent>
          )}
          {isSuperuser && (
            <TabsContent value="bedrifter">
              <Suspense fallback={<p className="text-muted">Laster bedrifter...</p>}>
                <CompaniesTab />
              </Suspense>
            </TabsContent>
          )}
          {isSuperuser && (
            <TabsContent value="kursbevis">
              <Suspense fallback={<p className="text-muted">Laster kursbevis...</p>}>
                <CertificatesTab />
              </Suspense>
            </TabsContent>
          )}
          {isSuperuser && (
            <TabsContent value="rabattkoder">
              <Suspense fallback={<p className="text-muted">Laster rabattkoder...</p>}>
                <CouponsTab />
              </Suspense>
            </TabsContent>
          )}
          {isSuperuser && (
            <TabsContent value="brukere">
              <Suspense fallback={<p className="text-muted">Laster brukere...</p>}>
                <PeopleTab />
              </Suspense>
            </TabsContent>
          )}
        </Tabs>
      </main>
    </div>
  );
}

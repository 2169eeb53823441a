import { lazy, Suspense, useState } from 'react';
import { HydrateInParts } from '../../components/app/HydrateInParts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { CourseList } from './CourseList';
import { PublishingStatus } from './PublishingStatus';

// The first tab (Kurs) and the publishing status are what /admin renders on the server; the other
// tabs, with their dialogs, are chunks of their own, loaded when their tab is first opened.
const ModuleList = lazy(() => import('./ModuleList').then((m) => ({ default: m.ModuleList })));
const LessonsTab = lazy(() => import('./LessonsTab').then((m) => ({ default: m.LessonsTab })));
const VideoLibrary = lazy(() => import('./VideoLibrary').then((m) => ({ default: m.VideoLibrary })));
const tabLoading = <p className="text-muted">Laster...</p>;

export function ContentManagement() {
  const [tab, setTab] = useState('kurs');
  const [courseId, setCourseId] = useState<string | null>(null);
  return (
    <div>
      <HydrateInParts>
        <PublishingStatus />
      </HydrateInParts>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Innholdsbehandling" className="flex w-full flex-wrap sm:w-fit">
          <TabsTrigger value="kurs">Kurs</TabsTrigger>
          <TabsTrigger value="moduler">Moduler</TabsTrigger>
          <TabsTrigger value="leksjoner">Leksjoner</TabsTrigger>
          <TabsTrigger value="videoer">Videoer</TabsTrigger>
        </TabsList>
        <TabsContent value="kurs">
          <HydrateInParts>
            <CourseList
              selectedId={courseId}
              onSelect={(course) => {
                setCourseId(course.id);
                setTab('moduler');
              }}
            />
          </HydrateInParts>
        </TabsContent>
        <TabsContent value="moduler">
          <Suspense fallback={tabLoading}>
            <ModuleList courseId={courseId} />
          </Suspense>
        </TabsContent>
        <TabsContent value="leksjoner">
          <Suspense fallback={tabLoading}>
            <LessonsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="videoer">
          <Suspense fallback={tabLoading}>
            <VideoLibrary />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}

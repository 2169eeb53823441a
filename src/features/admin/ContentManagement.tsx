import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { CourseList } from './CourseList';
import { LessonsTab } from './LessonsTab';
import { ModuleList } from './ModuleList';
import { PublishingStatus } from './PublishingStatus';
import { VideoLibrary } from './VideoLibrary';

/**
 * 'Innholdsbehandling': the spec's four tabs Kurs, Moduler, Leksjoner (every lesson, filtered by
 * course and type: issue 29), Videoer; above them, what became of publishing the last edit the
 * public pages show (decision 38).
 */
export function ContentManagement() {
  const [tab, setTab] = useState('kurs');
  const [courseId, setCourseId] = useState<string | null>(null);
  return (
    <div>
      <PublishingStatus />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Innholdsbehandling" className="flex w-full flex-wrap sm:w-fit">
          <TabsTrigger value="kurs">Kurs</TabsTrigger>
          <TabsTrigger value="moduler">Moduler</TabsTrigger>
          <TabsTrigger value="leksjoner">Leksjoner</TabsTrigger>
          <TabsTrigger value="videoer">Videoer</TabsTrigger>
        </TabsList>
        <TabsContent value="kurs">
          <CourseList
            selectedId={courseId}
            onSelect={(course) => {
              // Selecting a course loads its content; its modules are what the admin wants next.
              setCourseId(course.id);
              setTab('moduler');
            }}
          />
        </TabsContent>
        <TabsContent value="moduler">
          <ModuleList courseId={courseId} />
        </TabsContent>
        <TabsContent value="leksjoner">
          <LessonsTab />
        </TabsContent>
        <TabsContent value="videoer">
          <VideoLibrary />
        </TabsContent>
      </Tabs>
    </div>
  );
}

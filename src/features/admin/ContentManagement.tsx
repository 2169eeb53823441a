import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { CourseList } from './CourseList';
import { ModuleList } from './ModuleList';
import { VideoLibrary } from './VideoLibrary';

/** 'Innholdsbehandling': the spec's four tabs Kurs, Moduler, Leksjoner, Videoer. */
export function ContentManagement() {
  const [tab, setTab] = useState('kurs');
  const [courseId, setCourseId] = useState<string | null>(null);
  return (
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
        <p className="text-muted">Velg en modul i Moduler-fanen for å se og redigere leksjonene.</p>
      </TabsContent>
      <TabsContent value="videoer">
        <VideoLibrary />
      </TabsContent>
    </Tabs>
  );
}

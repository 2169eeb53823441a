import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { currentLessonIndex, navigationState, orderLessons, searchForLesson, selectionFromSearch } from './player-lessons';
import { useStudyTime } from './study-time';
import { completeLessonMutation, courseProgressQuery, courseWithContentQuery, isNotFound, playerToasts } from './player.queries';
import type { CurrentUser } from '../../schemas/auth';
import type { CourseWithContent } from '../../schemas/player';
import { toast } from '../../stores/toast';
import { Button } from '../../components/ui/Button';
import { HydrateInParts } from '../../components/app/HydrateInParts';
import { QueryError } from '../../components/ui/QueryState';
import { EnrollBanner, PurchaseBanner } from './EnrollBanner';
import { LessonContent } from './LessonContent';
import { LockedLesson } from './LockedLesson';
import { CourseCertificate } from './CourseCertificate';
import { LessonNavigation } from './LessonNavigation';
import { LessonOutline } from './LessonOutline';
import { PlayerHeader } from './PlayerHeader';
import type { VideoHandle } from './VideoPlayer';

/** 'Laster kurs...' while the user or the course is loading. */
export function PlayerLoading() {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl items-center justify-center px-4" aria-busy="true">
      <p className="text-muted">Laster kurs...</p>
    </main>
  );
}

/** Where the learner is in the player: the island passes it on to the assistant panel. */
export interface PlayerPlace {
  courseId: string;
  lessonId?: string;
}

/**
 * The course player for a signed-in user: loading, not found, failure, or the course.
 * `chat` renders the assistant panel beside the course (the island mounts the chat feature;
 * a feature never imports another).
 */
export function PlayerView({
  courseId,
  user,
  chat,
  initialSearch,
}: {
  courseId: string;
  user: CurrentUser;
  chat?: (place: PlayerPlace) => ReactNode;
  /** The page URL's query string when the view is rendered on the server (and hydrated with the same). */
  initialSearch?: string;
}) {
  const course = useQuery(courseWithContentQuery(courseId));
  if (course.isPending) return <PlayerLoading />;
  if (course.isError) {
    if (isNotFound(course.error)) return <CourseNotFound />;
    return (
      <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-3 px-4 text-center">
        <h1 className="text-2xl font-bold text-ink">Kunne ikke hente kursinnholdet</h1>
        <QueryError text="Noe gikk galt. Sjekk nettforbindelsen." onRetry={() => void course.refetch()} />
      </main>
    );
  }
  return <CoursePlayerScreen course={course.data} user={user} chat={chat} initialSearch={initialSearch} />;
}

function CourseNotFound() {
  useEffect(() => {
    document.title = 'Kurs ikke funnet | KI Akademiet';
  }, []);
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-ink">Kurs ikke funnet</h1>
      <p className="text-muted">Kurset finnes ikke, eller det er ikke lenger tilgjengelig.</p>
      <Button asChild>
        <a href="/">Tilbake til oversikten</a>
      </Button>
    </main>
  );
}

/** The URL's query string, following back and forward (`initial`: the one the server rendered with). */
function useSearch(initial: string | undefined): [string, (search: string) => void] {
  const [search, setSearch] = useState(() => initial ?? window.location.search);
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const push = useCallback((next: string) => {
    window.history.pushState(null, '', `${window.location.pathname}${next}`);
    setSearch(next);
  }, []);
  return [search, push];
}

function CoursePlayerScreen({
  course,
  user,
  chat,
  initialSearch,
}: {
  course: CourseWithContent;
  user: CurrentUser;
  chat: ((place: PlayerPlace) => ReactNode) | undefined;
  initialSearch: string | undefined;
}) {
  const courseId = course.course.id;
  const client = useQueryClient();
  const progress = useQuery(courseProgressQuery(courseId));
  const lessons = useMemo(() => orderLessons(course), [course]);
  const [search, pushSearch] = useSearch(initialSearch);
  const index = currentLessonIndex(lessons, selectionFromSearch(search));
  const current = lessons[index];
  // Videos watched to 95 % in this page (the server's own count arrives with each save).
  const [watchedIds, setWatchedIds] = useState<ReadonlySet<string>>(() => new Set());
  const video = useRef<VideoHandle | null>(null);
  const lessonHeading = useRef<HTMLHeadingElement | null>(null);
  const moved = useRef(false);
  const complete = useMutation(completeLessonMutation(client, courseId));

  // Time on a text, task or HTML lesson the learner can read counts while it is in view (a video counts what is watched).
  useStudyTime(current && !current.lesson.locked && current.lesson.contentType !== 'video' ? current.lesson.id : null);

  const watched = current ? current.lesson.watch?.watched === true || watchedIds.has(current.lesson.id) : false;
  const nav = navigationState(lessons, index, watched);

  useEffect(() => {
    document.title = current ? `${current.lesson.title} – ${course.course.title} | KI Akademiet` : `${course.course.title} | KI Akademiet`;
  }, [current, course.course.title]);

  // After Previous/Next/outline, the new lesson's heading takes focus (not on first load).
  useEffect(() => {
    if (!moved.current) return;
    lessonHeading.current?.focus();
  }, [current?.lesson.id]);

  const goTo = (i: number) => {
    const target = lessons[i];
    if (!target) return;
    moved.current = true;
    pushSearch(searchForLesson(window.location.search, target.lesson.id));
    window.scrollTo({ top: 0 });
  };

  const markWatched = useCallback(
    (lessonId: string) => {
      setWatchedIds((ids) => (ids.has(lessonId) ? ids : new Set(ids).add(lessonId)));
    },
    [setWatchedIds],
  );

  const blocked = () => {
    toast(playerToasts.videoNotWatched);
  };

  const onComplete = async () => {
    if (!current || current.lesson.locked) return;
    if (nav.blockedByVideo) return blocked();
    if (current.lesson.contentType === 'video') await video.current?.flush();
    complete.mutate(current.lesson.id, {
      onSuccess: () => {
        if (nav.hasNext) goTo(index + 1);
      },
    });
  };

  const onNext = () => {
    if (nav.blockedByVideo) return blocked();
    goTo(index + 1);
  };

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <div className="min-w-0 lg:flex-1">
        <a className="skip-link" href="#leksjon">
          Hopp til innhold
        </a>
        <HydrateInParts>
          <PlayerHeader user={user} course={course.course} progress={progress.data} />
        </HydrateInParts>
        <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
          {course.access === null ? (
            <PurchaseBanner purchasePath={course.purchasePath} />
          ) : (
            !course.enrolled && course.access === 'free' && <EnrollBanner courseId={courseId} />
          )}
          {current ? (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <section id="leksjon" aria-labelledby="leksjon-tittel" tabIndex={-1} className="min-w-0 space-y-5 outline-none">
                <div>
                  <p className="text-sm font-medium text-muted">{current.moduleTitle}</p>
                  <h2 id="leksjon-tittel" ref={lessonHeading} tabIndex={-1} className="mt-1 text-2xl font-bold text-ink outline-none">
                    {current.lesson.title}
                  </h2>
                  {current.lesson.description && <p className="mt-2 text-muted">{current.lesson.description}</p>}
                </div>
                {current.lesson.locked ? (
                  <LockedLesson purchasePath={course.purchasePath} openLessons={lessons.filter((l) => !l.lesson.locked).length} />
                ) : (
                  <HydrateInParts>
                    <LessonContent
                      key={current.lesson.id}
                      lesson={current.lesson}
                      courseId={courseId}
                      user={user}
                      watched={watched}
                      onWatched={markWatched}
                      videoRef={video}
                    />
                  </HydrateInParts>
                )}
                <LessonNavigation
                  state={nav}
                  pending={complete.isPending}
                  onPrevious={() => goTo(index - 1)}
                  onComplete={() => void onComplete()}
                  onNext={onNext}
                />
                {!nav.hasNext && <CourseCertificate courseId={courseId} />}
              </section>
              <HydrateInParts>
                <LessonOutline lessons={lessons} currentIndex={index} onSelect={goTo} search={search} />
              </HydrateInParts>
            </div>
          ) : (
            <p className="py-12 text-center text-muted">Ingen leksjoner tilgjengelig</p>
          )}
        </main>
      </div>
      <HydrateInParts>{chat?.({ courseId, lessonId: current?.lesson.id })}</HydrateInParts>
    </div>
  );
}

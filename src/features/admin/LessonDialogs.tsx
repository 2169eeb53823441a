import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CreatableLessonType,
  durationBody,
  editableContent,
  lessonContentBody,
  lessonTypeLabels,
  videoFields,
  videoUrlBody,
} from './admin-content';
import { createLessonMutation, createModuleMutation, updateLessonMutation } from './admin.queries';
import type { HtmlContent } from '../../schemas/lesson-content';
import type { PlayerLesson } from '../../schemas/player';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/Dialog';
import { Input, Textarea } from '../../components/ui/Input';
import { HtmlLesson } from '../../components/app/HtmlLesson';
import { Form, FormError, TextareaField, TextField, useSchemaForm } from '../../components/ui/form';
import { isBadRequest } from '../../lib/form-errors';
import { ADMIN_TITLE_MAX, createModuleBody } from '../../schemas/admin';
import { Field, fieldIssues, FormErrors, otherIssues, selectClass } from './form-parts';
import { DraftHtmlPreview } from './HtmlPreview';
import { VideoFields, type VideoFieldValues } from './VideoFields';

const moduleFields = createModuleBody.pick({ title: true, description: true });
type ModuleFields = z.input<typeof moduleFields>;

/** The 'Ny modul' dialog: title and optional description; 'Opprett modul' stays disabled while the title is blank. */
export function CreateModuleDialog({ courseId, courseTitle }: { courseId: string; courseTitle: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(moduleFields, { title: '', description: '' });
  const title = useWatch({ control: form.control, name: 'title' });
  const create = useMutation(createModuleMutation(client, courseId));
  const reset = () => {
    form.reset();
    create.reset();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>Ny modul</Button>
      </DialogTrigger>
      <DialogContent>
        <Form
          form={form}
          className="grid gap-4"
          // Anything but a 400 is the mutation's toast.
          onError={(error) => !isBadRequest(error)}
          onSubmit={async (values) => {
            if (create.isPending) return;
            await create.mutateAsync({ title: values.title.trim(), description: (values.description ?? '').trim() });
            setOpen(false);
            reset();
          }}
        >
          <DialogHeader>
            <DialogTitle>Opprett ny modul</DialogTitle>
            <DialogDescription>Modulen legges sist i «{courseTitle}».</DialogDescription>
          </DialogHeader>
          <TextField<ModuleFields> name="title" label="Tittel" maxLength={ADMIN_TITLE_MAX} />
          <TextareaField<ModuleFields> name="description" label="Beskrivelse (valgfritt)" />
          <FormError className="rounded-none border-0 bg-transparent p-0" />
          <DialogFooter>
            <Button type="submit" disabled={title.trim() === '' || create.isPending}>
              {create.isPending ? 'Oppretter...' : 'Opprett modul'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

const emptyVideo: VideoFieldValues = { videoUrl: '', duration: '' };
const LESSON_FIELDS = ['title', 'lessonType', 'content', 'videoUrl', 'durationSeconds'] as const;

/** The 'Ny leksjon' dialog of a module: title, type (Tekst, HTML, Video), content, and for a video its URL and length. */
export function CreateLessonDialog({ courseId, moduleId, moduleTitle }: { courseId: string; moduleId: string; moduleTitle: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [type, setType] = useState<CreatableLessonType>('text');
  const [content, setContent] = useState('');
  const [video, setVideo] = useState<VideoFieldValues>(emptyVideo);
  const create = useMutation(createLessonMutation(client, courseId, moduleId));
  const typeId = useId();
  const reset = () => {
    setTitle('');
    setType('text');
    setContent('');
    setVideo(emptyVideo);
    create.reset();
  };
  const isHtml = type === 'html';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={`Ny leksjon i «${moduleTitle}»`}>
          Ny leksjon
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (title.trim() === '' || create.isPending) return;
            create.mutate(
              {
                title: title.trim(),
                lessonType: type,
                content: lessonContentBody(type, content),
                videoUrl: type === 'video' ? videoUrlBody(video.videoUrl) : null,
                ...(type === 'video' && durationBody(video.duration) !== undefined ? { durationSeconds: durationBody(video.duration) } : {}),
              },
              {
                onSuccess: () => {
                  setOpen(false);
                  reset();
                },
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Opprett ny leksjon</DialogTitle>
            <DialogDescription>Leksjonen legges sist i modulen «{moduleTitle}».</DialogDescription>
          </DialogHeader>
          <Field label="Tittel" errors={fieldIssues(create.error, 'title')}>
            {(props) => <Input {...props} value={title} maxLength={400} onChange={(e) => setTitle(e.target.value)} />}
          </Field>
          <div className="grid gap-1.5">
            <label htmlFor={typeId} className="text-sm font-medium text-ink">
              Type
            </label>
            <select id={typeId} className={selectClass} value={type} onChange={(e) => setType(e.target.value as CreatableLessonType)}>
              {(['text', 'html', 'video'] as const).map((t) => (
                <option key={t} value={t}>
                  {lessonTypeLabels[t]}
                </option>
              ))}
            </select>
          </div>
          <Field label={isHtml ? 'HTML-innhold' : 'Innhold'} errors={fieldIssues(create.error, 'content')}>
            {(props) => (
              <Textarea
                {...props}
                className="font-mono text-sm"
                rows={6}
                placeholder={isHtml ? '<h2>Overskrift</h2>\n<p>Skriv HTML-innholdet her...</p>' : 'Skriv innholdet i leksjonen her...'}
                value={content}
                onChange={(e) => setContent(e.target.value)}
              />
            )}
          </Field>
          {isHtml && content.trim() !== '' && <DraftHtmlPreview html={content} />}
          {type === 'video' && (
            <VideoFields
              values={video}
              onChange={setVideo}
              urlErrors={fieldIssues(create.error, 'videoUrl')}
              durationErrors={fieldIssues(create.error, 'durationSeconds')}
            />
          )}
          <FormErrors messages={otherIssues(create.error, LESSON_FIELDS)} />
          <DialogFooter>
            <Button type="submit" disabled={title.trim() === '' || create.isPending}>
              {create.isPending ? 'Oppretter...' : 'Opprett leksjon'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The edit dialog of a lesson: 'Rediger leksjon: {title}', its type, the title
 * (beyond the spec), the content and an optional video URL; 'Oppdater leksjon'.
 * An HTML lesson shows its saved, server-sanitised version as learners see it.
 */
export function EditLessonDialog({ courseId, lesson }: { courseId: string; lesson: PlayerLesson }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Rediger leksjonen «${lesson.title}»`}>
          Rediger
        </Button>
      </DialogTrigger>
      {/* Mounted while open only, so every opening starts from the lesson as stored. */}
      {open && <EditLessonContent courseId={courseId} lesson={lesson} onSaved={() => setOpen(false)} />}
    </Dialog>
  );
}

/**
 * The editor itself, inside an open `Dialog`: the Moduler tab's dialog above, and the Leksjoner
 * tab's, which opens it for a lesson of any course (LessonsTab.tsx).
 */
export function EditLessonContent({ courseId, lesson, onSaved }: { courseId: string; lesson: PlayerLesson; onSaved: () => void }) {
  const client = useQueryClient();
  const [title, setTitle] = useState(lesson.title);
  const [content, setContent] = useState(() => editableContent(lesson.contentType, lesson.content));
  const [video, setVideo] = useState<VideoFieldValues>(() => {
    const v = videoFields(lesson.content);
    return { videoUrl: v.videoUrl, duration: v.durationSeconds === undefined ? '' : String(v.durationSeconds) };
  });
  const [preview, setPreview] = useState(lesson.preview);
  const update = useMutation(updateLessonMutation(client, courseId, lesson.id));
  const isHtml = lesson.contentType === 'html';
  const isVideo = lesson.contentType === 'video';
  return (
    <DialogContent className="max-w-2xl">
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim() === '' || update.isPending) return;
          const duration = isVideo ? durationBody(video.duration) : undefined;
          update.mutate(
            {
              ...(title.trim() !== lesson.title ? { title: title.trim() } : {}),
              content: lessonContentBody(lesson.contentType, content),
              videoUrl: videoUrlBody(video.videoUrl),
              ...(duration !== undefined ? { durationSeconds: duration } : {}),
              ...(preview !== lesson.preview ? { isPreview: preview } : {}),
            },
            { onSuccess: onSaved },
          );
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">Rediger leksjon: {lesson.title}</DialogTitle>
          <DialogDescription>Type: {lessonTypeLabels[lesson.contentType]}</DialogDescription>
        </DialogHeader>
        <Field label="Tittel" errors={fieldIssues(update.error, 'title')}>
          {(props) => <Input {...props} value={title} maxLength={400} onChange={(e) => setTitle(e.target.value)} />}
        </Field>
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            checked={preview}
            onChange={(e) => setPreview(e.target.checked)}
            aria-describedby={`preview-hint-${lesson.id}`}
          />
          <span>
            Forhåndsvisning
            <span id={`preview-hint-${lesson.id}`} className="block text-muted">
              Åpen for alle innloggede, også de som ikke har kjøpt kurset. Den første leksjonen i kurset er alltid åpen.
            </span>
          </span>
        </label>
        <Field label={isHtml ? 'HTML-innhold' : 'Innhold'} errors={fieldIssues(update.error, 'content')}>
          {(props) => <Textarea {...props} className="font-mono text-sm" rows={8} value={content} onChange={(e) => setContent(e.target.value)} />}
        </Field>
        {isHtml && (
          <>
            <DraftHtmlPreview html={content} />
            <section aria-labelledby={`saved-${lesson.id}`} className="grid gap-2">
              <h3 id={`saved-${lesson.id}`} className="text-sm font-semibold text-ink">
                Lagret versjon, slik elevene ser den
              </h3>
              {/* eslint-disable-next-line no-restricted-syntax -- an HTML lesson's content (the contract pairs it with `type`) */}
              <HtmlLesson content={lesson.content as HtmlContent} />
            </section>
          </>
        )}
        <VideoFields
          values={video}
          onChange={setVideo}
          optional={!isVideo}
          withDuration={isVideo}
          urlErrors={fieldIssues(update.error, 'videoUrl')}
          durationErrors={fieldIssues(update.error, 'durationSeconds')}
        />
        <FormErrors messages={otherIssues(update.error, LESSON_FIELDS)} />
        <DialogFooter>
          <Button type="submit" disabled={title.trim() === '' || update.isPending}>
            {update.isPending ? 'Oppdaterer...' : 'Oppdater leksjon'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

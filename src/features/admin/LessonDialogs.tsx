import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { durationBody, editableContent, lessonContentBody, lessonTypeLabels, videoFields, videoUrlBody } from './admin-content';
import { createLessonMutation, createModuleMutation, updateLessonMutation } from './admin.queries';
import type { HtmlContent } from '../../schemas/lesson-content';
import type { PlayerLesson } from '../../schemas/player';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/Dialog';
import { selectClass, Textarea } from '../../components/ui/Input';
import { HtmlLesson } from '../../components/app/HtmlLesson';
import { Field, Form, FormError, TextareaField, TextField, useSchemaForm } from '../../components/ui/form';
import { isBadRequest } from '../../lib/form-errors';
import { ADMIN_TITLE_MAX, createModuleBody } from '../../schemas/admin';
import { DraftHtmlPreview } from './HtmlPreview';
import { editLessonForm, type EditLessonValues, newLessonForm, type NewLessonValues } from './lesson-form';
import { VideoFields } from './VideoFields';

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

const emptyLesson: NewLessonValues = { title: '', lessonType: 'text', content: '', videoUrl: '', durationSeconds: '' };

/** The 'Ny leksjon' dialog of a module: title, type (Tekst, HTML, Video), content, and for a video its URL and length. */
export function CreateLessonDialog({ courseId, moduleId, moduleTitle }: { courseId: string; moduleId: string; moduleTitle: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(newLessonForm, emptyLesson);
  const [title, type, content] = useWatch({ control: form.control, name: ['title', 'lessonType', 'content'] });
  const create = useMutation(createLessonMutation(client, courseId, moduleId));
  const reset = () => {
    form.reset();
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
        <Form
          form={form}
          className="grid gap-4"
          onError={(error) => !isBadRequest(error)}
          onSubmit={async (values) => {
            if (create.isPending) return;
            const video = values.lessonType === 'video';
            const seconds = video ? durationBody(values.durationSeconds) : undefined;
            await create.mutateAsync({
              title: values.title.trim(),
              lessonType: values.lessonType,
              content: lessonContentBody(values.lessonType, values.content),
              videoUrl: video ? videoUrlBody(values.videoUrl) : null,
              ...(seconds !== undefined ? { durationSeconds: seconds } : {}),
            });
            setOpen(false);
            reset();
          }}
        >
          <DialogHeader>
            <DialogTitle>Opprett ny leksjon</DialogTitle>
            <DialogDescription>Leksjonen legges sist i modulen «{moduleTitle}».</DialogDescription>
          </DialogHeader>
          <TextField<NewLessonValues> name="title" label="Tittel" maxLength={ADMIN_TITLE_MAX} />
          <Field<NewLessonValues> name="lessonType" label="Type">
            {(control) => (
              <select {...control} className={selectClass}>
                {(['text', 'html', 'video'] as const).map((t) => (
                  <option key={t} value={t}>
                    {lessonTypeLabels[t]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field<NewLessonValues> name="content" label={isHtml ? 'HTML-innhold' : 'Innhold'}>
            {(control) => (
              <Textarea
                {...control}
                className="font-mono text-sm"
                rows={6}
                placeholder={isHtml ? '<h2>Overskrift</h2>\n<p>Skriv HTML-innholdet her...</p>' : 'Skriv innholdet i leksjonen her...'}
              />
            )}
          </Field>
          {isHtml && content.trim() !== '' && <DraftHtmlPreview html={content} />}
          {type === 'video' && <VideoFields />}
          <FormError className="rounded-none border-0 bg-transparent p-0" />
          <DialogFooter>
            <Button type="submit" disabled={title.trim() === '' || create.isPending}>
              {create.isPending ? 'Oppretter...' : 'Opprett leksjon'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** A lesson's 'Rediger' button and dialog; an HTML lesson also shows its saved, server-sanitised version. */
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

function storedValues(lesson: PlayerLesson): EditLessonValues {
  const video = videoFields(lesson.content);
  return {
    title: lesson.title,
    lessonType: lesson.contentType,
    content: editableContent(lesson.contentType, lesson.content),
    videoUrl: video.videoUrl,
    durationSeconds: video.durationSeconds === undefined ? '' : String(video.durationSeconds),
    isPreview: lesson.preview,
  };
}

/** The fields an edit's 400 may name; an issue about the preview switch is said above the form. */
const EDIT_FIELDS = ['title', 'content', 'videoUrl', 'durationSeconds'] as const;

/** The editor inside an open `Dialog`, shared by the Moduler and the Leksjoner tabs. */
export function EditLessonContent({ courseId, lesson, onSaved }: { courseId: string; lesson: PlayerLesson; onSaved: () => void }) {
  const client = useQueryClient();
  const [stored] = useState(() => storedValues(lesson));
  const form = useSchemaForm(editLessonForm, stored);
  const [title, content] = useWatch({ control: form.control, name: ['title', 'content'] });
  const update = useMutation(updateLessonMutation(client, courseId, lesson.id));
  const isHtml = lesson.contentType === 'html';
  const isVideo = lesson.contentType === 'video';
  return (
    <DialogContent className="max-w-2xl">
      <Form
        form={form}
        className="grid gap-4"
        fields={EDIT_FIELDS}
        onError={(error) => !isBadRequest(error)}
        onSubmit={async (values) => {
          if (update.isPending) return;
          const newTitle = values.title.trim();
          const duration = isVideo ? durationBody(values.durationSeconds) : undefined;
          await update.mutateAsync({
            ...(newTitle !== lesson.title ? { title: newTitle } : {}),
            content: lessonContentBody(lesson.contentType, values.content),
            videoUrl: videoUrlBody(values.videoUrl),
            ...(duration !== undefined ? { durationSeconds: duration } : {}),
            ...(values.isPreview !== lesson.preview ? { isPreview: values.isPreview } : {}),
          });
          onSaved();
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">Rediger leksjon: {lesson.title}</DialogTitle>
          <DialogDescription>Type: {lessonTypeLabels[lesson.contentType]}</DialogDescription>
        </DialogHeader>
        <TextField<EditLessonValues> name="title" label="Tittel" maxLength={ADMIN_TITLE_MAX} />
        <label className="flex items-start gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="mt-1 size-4 accent-brand-700"
            {...form.register('isPreview')}
            aria-describedby={`preview-hint-${lesson.id}`}
          />
          <span>
            Forhåndsvisning
            <span id={`preview-hint-${lesson.id}`} className="block text-muted">
              Åpen for alle innloggede, også de som ikke har kjøpt kurset. Den første leksjonen i kurset er alltid åpen.
            </span>
          </span>
        </label>
        <Field<EditLessonValues> name="content" label={isHtml ? 'HTML-innhold' : 'Innhold'}>
          {(control) => <Textarea {...control} className="font-mono text-sm" rows={8} />}
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
        <VideoFields optional={!isVideo} withDuration={isVideo} />
        <FormError className="rounded-none border-0 bg-transparent p-0" />
        <DialogFooter>
          <Button type="submit" disabled={title.trim() === '' || update.isPending}>
            {update.isPending ? 'Oppdaterer...' : 'Oppdater leksjon'}
          </Button>
        </DialogFooter>
      </Form>
    </DialogContent>
  );
}

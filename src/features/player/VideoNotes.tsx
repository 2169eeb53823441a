import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatShortDate, formatTimestamp, spokenTimestamp } from '../../lib/format';
import { createNoteMutation, deleteNoteMutation, updateNoteMutation, videoNotesQuery } from './player.queries';
import type { VideoNote } from '../../schemas/player';
import { NOTE_MAX_LENGTH, noteMessages } from '../../schemas/note-rules';
import { isBadRequest } from '../../lib/form-errors';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/AlertDialog';
import { Button } from '../../components/ui/Button';
import { Field, Form, FormError, limitsResolver } from '../../components/ui/form';
import { Textarea } from '../../components/ui/Input';
import { QueryState } from '../../components/ui/QueryState';
import type { VideoHandle } from './VideoPlayer';

type NoteFields = { noteText: string };
const checkNote = limitsResolver<NoteFields>({ noteText: { max: NOTE_MAX_LENGTH, messages: noteMessages } });
const useNoteForm = (noteText: string) => useForm<NoteFields>({ defaultValues: { noteText }, resolver: checkNote, shouldFocusError: false });
// Anything but a 400 is the mutation's toast; a 400's issues go on the note's field.
const toastedUnless400 = (error: unknown) => !isBadRequest(error);

/**
 * The learner's notes on a video: each at its time in the video (a click there seeks
 * and plays), its text and date; a new note is stamped with the playhead's time.
 * A failed save keeps what was typed.
 */
export function VideoNotes({ lessonId, player }: { lessonId: string; player: RefObject<VideoHandle | null> }) {
  const client = useQueryClient();
  const notes = useInfiniteQuery({ ...videoNotesQuery(lessonId), select: (data) => data.pages.flatMap((page) => page.items) });
  // A failed 'Vis flere notater' keeps the notes shown and says so beside the button.
  const listQuery = { ...notes, isError: notes.isError && !notes.isFetchNextPageError };
  const create = useMutation(createNoteMutation(client));
  const form = useNoteForm('');
  const fieldId = useId();
  const draft = useWatch({ control: form.control, name: 'noteText' });

  return (
    <section aria-labelledby={`${fieldId}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={`${fieldId}-title`} className="text-lg font-semibold text-ink">
        Notater
      </h3>
      <Form
        form={form}
        className="space-y-2"
        onError={toastedUnless400}
        onSubmit={async ({ noteText }) => {
          const timestamp = Math.floor(player.current?.currentTime() ?? 0);
          await create.mutateAsync({ lessonId, timestamp, noteText: noteText.trim() });
          form.reset();
        }}
      >
        <Field<NoteFields> name="noteText" label="Nytt notat">
          {(control) => (
            <Textarea
              {...control}
              placeholder="Skriv et notat. Det får tidspunktet videoen står på."
              maxLength={NOTE_MAX_LENGTH}
              className="min-h-20"
            />
          )}
        </Field>
        <FormError />
        <Button type="submit" disabled={draft.trim() === '' || create.isPending}>
          {create.isPending ? 'Lagrer...' : 'Lagre notat'}
        </Button>
      </Form>
      <QueryState
        query={listQuery}
        loading="Laster notater..."
        error="Kunne ikke hente notatene."
        isEmpty={(list) => list.length === 0}
        empty="Ingen notater ennå."
        className="text-sm"
      >
        {(list) => (
          <>
            {/* The server sends the notes in the order of the video, a page at a time. */}
            <ul className="divide-y divide-slate-200" aria-label="Dine notater">
              {list.map((note) => (
                <NoteItem key={note.id} note={note} lessonId={lessonId} onSeek={(t) => player.current?.seekAndPlay(t)} />
              ))}
            </ul>
            {notes.isFetchNextPageError && (
              <p className="text-sm text-danger" role="alert">
                Kunne ikke hente flere notater.
              </p>
            )}
            {notes.hasNextPage && (
              <Button variant="outline" size="sm" onClick={() => void notes.fetchNextPage()} disabled={notes.isFetchingNextPage}>
                {notes.isFetchingNextPage ? 'Laster...' : 'Vis flere notater'}
              </Button>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function NoteItem({ note, lessonId, onSeek }: { note: VideoNote; lessonId: string; onSeek: (seconds: number) => void }) {
  const client = useQueryClient();
  const update = useMutation(updateNoteMutation(client, lessonId));
  const remove = useMutation(deleteNoteMutation(client, lessonId));
  const [editing, setEditing] = useState(false);
  const form = useNoteForm(note.noteText);
  const text = useWatch({ control: form.control, name: 'noteText' });
  const editButton = useRef<HTMLButtonElement | null>(null);
  const wasEditing = useRef(false);
  // Focus follows the edit: into the field when it opens, back to 'Rediger' when it closes.
  useEffect(() => {
    if (editing) form.setFocus('noteText');
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, form]);

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-note>
      <button
        type="button"
        onClick={() => onSeek(note.timestamp)}
        className="w-fit shrink-0 rounded-md bg-brand-50 px-2 py-1 font-mono text-sm font-semibold text-brand-700 hover:bg-brand-100"
        aria-label={`Gå til ${formatTimestamp(note.timestamp)} (${spokenTimestamp(note.timestamp)}) i videoen`}
      >
        {formatTimestamp(note.timestamp)}
      </button>
      <div className="min-w-0 flex-1">
        {editing ? (
          <Form
            form={form}
            className="space-y-2"
            onError={toastedUnless400}
            onSubmit={async ({ noteText }) => {
              await update.mutateAsync({ id: note.id, noteText: noteText.trim() });
              setEditing(false);
            }}
          >
            <Field<NoteFields> name="noteText" label={<span className="sr-only">Rediger notat</span>} className="gap-0">
              {(control) => <Textarea {...control} defaultValue={note.noteText} maxLength={NOTE_MAX_LENGTH} className="min-h-20" />}
            </Field>
            <FormError />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={text.trim() === '' || update.isPending}>
                {update.isPending ? 'Lagrer...' : 'Lagre'}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
                Avbryt
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <p className="whitespace-pre-line break-words text-ink">{note.noteText}</p>
            <p className="mt-1 text-xs text-muted">{formatShortDate(note.createdAt)}</p>
          </>
        )}
      </div>
      {!editing && (
        <div className="flex shrink-0 gap-1">
          <Button
            ref={editButton}
            size="sm"
            variant="ghost"
            onClick={() => {
              form.reset({ noteText: note.noteText });
              setEditing(true);
            }}
          >
            Rediger
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button size="sm" variant="ghost" className="text-danger" disabled={remove.isPending}>
                Slett
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Slette notatet?</AlertDialogTitle>
                <AlertDialogDescription>Er du sikker på at du vil slette dette notatet?</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Avbryt</AlertDialogCancel>
                <AlertDialogAction variant="destructive" onClick={() => remove.mutate(note.id)}>
                  Slett
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      )}
    </li>
  );
}

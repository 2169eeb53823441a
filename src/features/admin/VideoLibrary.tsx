import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { durationBody } from './admin-content';
import { adminToasts, adminVideosQuery, deleteVideoMutation, registerVideoMutation } from './admin.queries';
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
import { Card } from '../../components/ui/Card';
import { QueryState } from '../../components/ui/QueryState';
import { Form, FormError, TextareaField, TextField, useSchemaForm } from '../../components/ui/form';
import { isBadRequest } from '../../lib/form-errors';
import { ADMIN_TITLE_MAX, adminMessages, createVideoBody } from '../../schemas/admin';
import { VideoDurationProbe } from './VideoFields';
import { countOf } from '../../lib/format';
import { toast } from '../../stores/toast';

// Beyond being there, the URL is the server's to judge: the media hosts it accepts are a server setting.
const videoForm = createVideoBody
  .pick({ title: true, description: true })
  .extend({ url: z.string().trim().min(1, { error: adminMessages.urlRequired }) });
type VideoValues = z.input<typeof videoForm>;
const emptyVideo: VideoValues = { title: '', url: '', description: '' };

/**
 * The Videoer tab: the spec's form (title, URL, optional description, 'Registrer
 * video'), which here saves to the video library, and the registered videos below
 * it, each with delete. The lesson dialogs offer these videos.
 */
export function VideoLibrary() {
  const client = useQueryClient();
  const form = useSchemaForm(videoForm, emptyVideo);
  const [title, url] = useWatch({ control: form.control, name: ['title', 'url'] });
  const [duration, setDuration] = useState('');
  const register = useMutation(registerVideoMutation(client));
  const missing = url.trim() === '' || title.trim() === '';
  return (
    <div className="grid gap-6">
      <Card asChild>
        <section aria-labelledby="video-form-heading">
          <h2 id="video-form-heading" className="text-xl font-semibold text-ink">
            Registrer video
          </h2>
          <Form
            form={form}
            className="mt-4 grid gap-4"
            // The spec's toast when the URL or the title is missing on submit; the fields say which.
            onSubmitCapture={() => missing && toast(adminToasts.videoMissing)}
            onError={(error) => !isBadRequest(error)}
            onSubmit={async (values) => {
              if (register.isPending) return;
              const description = (values.description ?? '').trim();
              const seconds = durationBody(duration);
              await register.mutateAsync({
                title: values.title.trim(),
                url: values.url.trim(),
                ...(description ? { description } : {}),
                ...(seconds !== undefined ? { durationSeconds: seconds } : {}),
              });
              form.reset();
              setDuration('');
              register.reset();
            }}
          >
            <TextField<VideoValues> name="title" label="Videotittel" maxLength={ADMIN_TITLE_MAX} />
            <TextField<VideoValues>
              name="url"
              label="Video-URL"
              hint="En sti på nettstedet, for eksempel /media/demo-leksjon.mp4, eller en https-adresse hos en godkjent mediavert"
              inputMode="url"
            />
            <TextareaField<VideoValues> name="description" label="Beskrivelse (valgfritt)" />
            <VideoDurationProbe url={url} onDuration={(seconds) => setDuration(String(seconds))} />
            {duration && <p className="text-sm text-muted">Varighet: {countOf(Number(duration), 'sekund', 'sekunder')} (lest fra videoen)</p>}
            <FormError className="rounded-none border-0 bg-transparent p-0" />
            <Button type="submit" className="w-fit" disabled={missing || register.isPending}>
              {register.isPending ? 'Registrerer...' : 'Registrer video'}
            </Button>
          </Form>
        </section>
      </Card>
      <RegisteredVideos />
    </div>
  );
}

function RegisteredVideos() {
  const client = useQueryClient();
  const query = useQuery(adminVideosQuery);
  const remove = useMutation(deleteVideoMutation(client));
  return (
    <section aria-labelledby="video-list-heading" className="grid gap-3">
      <h2 id="video-list-heading" className="text-xl font-semibold text-ink">
        Registrerte videoer
      </h2>
      <QueryState
        query={query}
        loading="Laster videoer..."
        error="Kunne ikke hente videoene."
        isEmpty={(d) => d.length === 0}
        empty="Ingen videoer registrert ennå."
      >
        {(videos) => (
          <ul className="grid gap-2">
            {videos.map((video) => (
              <li key={video.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
                <div className="grid min-w-0 gap-0.5">
                  <span className="break-words font-semibold text-ink">{video.title}</span>
                  <span className="break-all text-sm text-muted">{video.url}</span>
                  {video.durationSeconds ? <span className="text-sm text-muted">{countOf(video.durationSeconds, 'sekund', 'sekunder')}</span> : null}
                  {video.description && <span className="break-words text-sm text-muted">{video.description}</span>}
                </div>
                <AlertDialog>
                  <AlertDialogTrigger asChild>
                    <Button size="sm" variant="outline" aria-label={`Slett videoen «${video.title}»`}>
                      Slett
                    </Button>
                  </AlertDialogTrigger>
                  <AlertDialogContent>
                    <AlertDialogHeader>
                      <AlertDialogTitle>Slette videoen?</AlertDialogTitle>
                      <AlertDialogDescription>
                        «{video.title}» fjernes fra videobiblioteket. Leksjoner som allerede bruker adressen, beholder den.
                      </AlertDialogDescription>
                    </AlertDialogHeader>
                    <AlertDialogFooter>
                      <AlertDialogCancel>Avbryt</AlertDialogCancel>
                      <AlertDialogAction variant="destructive" onClick={() => remove.mutate(video.id)}>
                        Slett videoen
                      </AlertDialogAction>
                    </AlertDialogFooter>
                  </AlertDialogContent>
                </AlertDialog>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { durationBody } from './admin-content';
import { adminToasts, adminVideosQuery, deleteVideoMutation, registerVideoMutation } from './admin.queries';
import { toast } from '../../stores/toast';
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
import { Input, Textarea } from '../../components/ui/Input';
import { QueryState } from '../../components/ui/QueryState';
import { Field, fieldIssues, FormErrors, otherIssues } from './form-parts';
import { VideoDurationProbe } from './VideoFields';
import { countOf } from '../../lib/format';

/**
 * The Videoer tab: the spec's form (title, URL, optional description, 'Registrer
 * video'), which here saves to the video library, and the registered videos below
 * it, each with delete. The lesson dialogs offer these videos.
 */
export function VideoLibrary() {
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
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
          <form
            className="mt-4 grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (missing) {
                toast(adminToasts.videoMissing);
                return;
              }
              const seconds = durationBody(duration);
              register.mutate(
                {
                  title: title.trim(),
                  url: url.trim(),
                  ...(description.trim() ? { description: description.trim() } : {}),
                  ...(seconds !== undefined ? { durationSeconds: seconds } : {}),
                },
                {
                  onSuccess: () => {
                    setTitle('');
                    setUrl('');
                    setDescription('');
                    setDuration('');
                    register.reset();
                  },
                },
              );
            }}
          >
            <Field label="Videotittel" errors={fieldIssues(register.error, 'title')}>
              {(props) => <Input {...props} value={title} maxLength={400} onChange={(e) => setTitle(e.target.value)} />}
            </Field>
            <Field
              label="Video-URL"
              hint="En sti på nettstedet, for eksempel /media/demo-leksjon.mp4, eller en https-adresse hos en godkjent mediavert"
              errors={fieldIssues(register.error, 'url')}
            >
              {(props) => <Input {...props} inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} />}
            </Field>
            <Field label="Beskrivelse (valgfritt)" errors={fieldIssues(register.error, 'description')}>
              {(props) => <Textarea {...props} value={description} onChange={(e) => setDescription(e.target.value)} />}
            </Field>
            <VideoDurationProbe url={url} onDuration={(seconds) => setDuration(String(seconds))} />
            {duration && <p className="text-sm text-muted">Varighet: {countOf(Number(duration), 'sekund', 'sekunder')} (lest fra videoen)</p>}
            <FormErrors messages={otherIssues(register.error, ['title', 'url', 'description'])} />
            <Button type="submit" className="w-fit" disabled={missing || register.isPending}>
              {register.isPending ? 'Registrerer...' : 'Registrer video'}
            </Button>
          </form>
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

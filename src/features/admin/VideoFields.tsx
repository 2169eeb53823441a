import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { adminVideosQuery } from './admin.queries';
import { selectClass } from '../../components/ui/Input';
import { TextField } from '../../components/ui/form';
import { judgeMediaUrl } from '../../schemas/media';

/** Something the browser may try to load: a site path or a well-formed https URL (the server judges the host). */
const looksLikeVideoUrl = (url: string): boolean => url.length > 1 && judgeMediaUrl(url) !== 'malformed';

/**
 * Reads a video's length the way a learner's browser will, from a hidden `<video preload="metadata">`;
 * it waits until typing pauses, so half-typed URLs are not fetched.
 */
export function VideoDurationProbe({ url, onDuration }: { url: string; onDuration: (seconds: number) => void }) {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(url.trim()), 400);
    return () => window.clearTimeout(timer);
  }, [url]);
  if (!looksLikeVideoUrl(settled)) return null;
  return (
    <video
      key={settled}
      hidden
      muted
      preload="metadata"
      src={settled}
      data-duration-probe
      onLoadedMetadata={(event) => {
        const seconds = event.currentTarget.duration;
        if (Number.isFinite(seconds) && seconds > 0) onDuration(Math.max(1, Math.round(seconds)));
      }}
    />
  );
}

/** The video fields of a lesson form: their names are the request's, so a 400 lands on them. */
export interface VideoFieldValues {
  videoUrl: string;
  durationSeconds: string;
}

const URL_HINT = 'En sti på nettstedet, for eksempel /media/demo-leksjon.mp4, eller en https-adresse hos en godkjent mediavert';

/** A lesson's video URL, typed or picked from the registered videos, and its length, read from the video. */
export function VideoFields({
  optional = false,
  withDuration = true,
}: {
  optional?: boolean;
  /** False for a lesson that is not a video: only its URL. */
  withDuration?: boolean;
}) {
  const videos = useQuery(adminVideosQuery);
  const form = useFormContext<VideoFieldValues>();
  const videoUrl = useWatch({ control: form.control, name: 'videoUrl' });
  const pickerId = useId();
  const registered = videos.data ?? [];
  const picked = registered.find((v) => v.url === videoUrl)?.id ?? '';
  const set = (name: keyof VideoFieldValues, value: string) => form.setValue(name, value, { shouldDirty: true });
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 p-3">
      {registered.length > 0 && (
        <div className="grid gap-1.5">
          <label htmlFor={pickerId} className="text-sm font-medium text-ink">
            Velg en registrert video
          </label>
          <select
            id={pickerId}
            value={picked}
            className={selectClass}
            onChange={(event) => {
              const video = registered.find((v) => v.id === event.target.value);
              if (!video) return;
              set('videoUrl', video.url);
              if (video.durationSeconds) set('durationSeconds', String(video.durationSeconds));
            }}
          >
            <option value="">Ingen valgt</option>
            {registered.map((video) => (
              <option key={video.id} value={video.id}>
                {video.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField<VideoFieldValues>
        name="videoUrl"
        label={optional ? 'Video-URL (valgfritt)' : 'Video-URL'}
        hint={URL_HINT}
        type="text"
        inputMode="url"
        placeholder="/media/video.mp4"
      />
      {withDuration && (
        <>
          <TextField<VideoFieldValues>
            name="durationSeconds"
            label="Varighet (sekunder)"
            hint="Leses fra videoen når adressen er fylt inn; kan rettes."
            type="number"
            min={1}
            step={1}
          />
          <VideoDurationProbe url={videoUrl} onDuration={(seconds) => set('durationSeconds', String(seconds))} />
        </>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { adminVideosQuery } from './admin.queries';
import { Input } from '../../components/ui/Input';
import { Field } from './form-parts';

/** Something the browser may try to load: a site path or an https URL (the server checks properly). */
function looksLikeVideoUrl(url: string): boolean {
  return /^\/(?!\/)\S+$/u.test(url) || /^https:\/\/\S+$/u.test(url);
}

/**
 * Reads a video's length the way a learner's browser will: a hidden
 * `<video preload="metadata">` for the URL; `loadedmetadata` gives the duration.
 * Waits until typing pauses, so half-typed URLs are not fetched.
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

export interface VideoFieldValues {
  videoUrl: string;
  duration: string;
}

/**
 * A video lesson's URL (typed, or picked from the registered videos) and its length
 * in seconds (read from the video when the URL is entered; the admin can correct it).
 */
export function VideoFields({
  values,
  onChange,
  urlErrors,
  durationErrors,
  optional = false,
  withDuration = true,
}: {
  values: VideoFieldValues;
  onChange: (values: VideoFieldValues) => void;
  urlErrors: string[];
  durationErrors: string[];
  optional?: boolean;
  /** False for a lesson that is not a video: only its URL. */
  withDuration?: boolean;
}) {
  const videos = useQuery(adminVideosQuery);
  const pickerId = useId();
  const registered = videos.data ?? [];
  const picked = registered.find((v) => v.url === values.videoUrl)?.id ?? '';
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
            className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink"
            onChange={(event) => {
              const video = registered.find((v) => v.id === event.target.value);
              if (video) onChange({ videoUrl: video.url, duration: video.durationSeconds ? String(video.durationSeconds) : values.duration });
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
      <Field
        label={optional ? 'Video-URL (valgfritt)' : 'Video-URL'}
        hint="En sti på nettstedet, for eksempel /media/demo-leksjon.mp4, eller en https-adresse hos en godkjent mediavert"
        errors={urlErrors}
      >
        {(props) => (
          <Input
            {...props}
            type="text"
            inputMode="url"
            placeholder="/media/video.mp4"
            value={values.videoUrl}
            onChange={(e) => onChange({ ...values, videoUrl: e.target.value })}
          />
        )}
      </Field>
      {withDuration && (
        <>
          <Field label="Varighet (sekunder)" hint="Leses fra videoen når adressen er fylt inn; kan rettes." errors={durationErrors}>
            {(props) => (
              <Input
                {...props}
                type="number"
                min={1}
                step={1}
                value={values.duration}
                onChange={(e) => onChange({ ...values, duration: e.target.value })}
              />
            )}
          </Field>
          <VideoDurationProbe url={values.videoUrl} onDuration={(seconds) => onChange({ ...values, duration: String(seconds) })} />
        </>
      )}
    </div>
  );
}

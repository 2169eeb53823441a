import { type RefObject, useCallback, useEffect, useEffectEvent, useImperativeHandle, useRef, useState, useSyncExternalStore } from 'react';
import { formatTimestamp } from '../../lib/format';
import {
  createWatchTracker,
  formatRate,
  isWatched,
  loadPlaybackRate,
  PLAYBACK_RATES,
  resumePosition,
  savePlaybackRate,
  stepPlaybackRate,
} from './player-watch';
import { beaconWatchPosition, playerToasts, saveWatchPosition } from './player.queries';
import type { VideoContent } from '../../schemas/lesson-content';
import type { WatchState } from '../../schemas/player';
import { WATCH_SAVE_INTERVAL_MS } from '../../schemas/player-rules';
import { dismissToast, toast } from '../../stores/toast';
import { cn } from '../../components/ui/cn';

/** What the lesson around the player may ask of it. */
export interface VideoHandle {
  /** The playhead, in seconds. */
  currentTime: () => number;
  /** Jumps to `seconds` and plays (a note's timestamp). */
  seekAndPlay: (seconds: number) => void;
  /** Saves the position now and waits for the server's answer. */
  flush: () => Promise<void>;
}

export type VideoStatus = 'idle' | 'playing' | 'paused' | 'ended';

export interface VideoPlayerProps {
  lessonId: string;
  title: string;
  content: VideoContent;
  userId: string;
  /** The saved place from the server, or null before the learner started. */
  watch: WatchState | null;
  handleRef: RefObject<VideoHandle | null>;
  /** The furthest point played reached 95 % (once). */
  onWatched: () => void;
  /** The server's count after a save. */
  onSaved?: (state: WatchState) => void;
}

/** Shows or hides the video's captions track (the lesson's WebVTT file), if it has one. */
function showCaptions(el: HTMLVideoElement | null, on: boolean): void {
  const track = el?.textTracks?.[0];
  if (track) track.mode = on ? 'showing' : 'hidden';
}

const noSubscription = () => () => {};

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type !== 'range');

/**
 * The video with its own controls: an overlay play button before the start, play
 * and pause, a position slider (0–100), time, speed (0.75–2×, remembered per learner),
 * captions (on by default when the lesson has them) and full screen. Keyboard, with
 * focus anywhere in the player: Space or K play/pause, ←/→ 5 seconds, F full
 * screen, C captions, < and > slower and faster.
 */
export function VideoPlayer({ lessonId, title, content, userId, watch, handleRef, onWatched, onSaved }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const playButton = useRef<HTMLButtonElement | null>(null);
  const [status, setStatus] = useState<VideoStatus>('idle');
  const [time, setTime] = useState(watch?.positionSeconds ?? 0);
  const [duration, setDuration] = useState(content.durationSeconds);
  // The remembered speed lives in the browser (localStorage): the server, and the hydrating render
  // that must match it, see 1; the browser's own value follows right after hydration.
  const storedRate = useSyncExternalStore(
    noSubscription,
    () => loadPlaybackRate(globalThis.localStorage, userId),
    () => 1,
  );
  const [chosenRate, setRate] = useState<number | null>(null);
  const rate = chosenRate ?? storedRate;
  const hasCaptions = content.captionsUrl !== undefined;
  const [captions, setCaptions] = useState(hasCaptions);
  const tracker = useRef(createWatchTracker(watch?.furthestSeconds ?? 0, watch?.positionSeconds ?? 0));
  const reported = useRef(watch?.watched === true);
  /** The 'Video fullført' toast of this lesson: it goes when the learner moves on, never speaking for another lesson. */
  const watchedToast = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (watchedToast.current !== null) dismissToast(watchedToast.current);
    },
    [],
  );
  const started = useRef(false);
  const lastTime = useRef(watch?.positionSeconds ?? 0);

  const save = useCallback(async () => {
    if (!started.current) return;
    try {
      const state = await saveWatchPosition(lessonId, lastTime.current);
      onSaved?.(state);
    } catch {
      // A lost save is made up by the next one; the server keeps its own count.
    }
  }, [lessonId, onSaved]);

  const play = useCallback(() => {
    const el = video.current;
    if (!el) return;
    el.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast(playerToasts.videoFailed);
    });
  }, []);

  const toggle = useCallback(() => {
    const el = video.current;
    if (!el) return;
    if (el.paused || el.ended) play();
    else el.pause();
  }, [play]);

  const seek = useCallback(
    (seconds: number) => {
      const el = video.current;
      if (!el) return;
      const end = Number.isFinite(el.duration) ? el.duration : duration;
      el.currentTime = Math.min(Math.max(0, seconds), end);
      tracker.current.jumped(el.currentTime);
      setTime(el.currentTime);
    },
    [duration],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      currentTime: () => video.current?.currentTime ?? 0,
      seekAndPlay: (seconds) => {
        seek(seconds);
        play();
      },
      flush: save,
    }),
    [seek, play, save],
  );

  // Speed and captions follow the state.
  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate]);
  useEffect(() => showCaptions(video.current, captions), [captions]);

  // Save every WATCH_SAVE_INTERVAL_MS while playing.
  useEffect(() => {
    if (status !== 'playing') return;
    const timer = window.setInterval(() => void save(), WATCH_SAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [status, save]);

  // Leaving the page (or this lesson): a beacon that outlives the page.
  useEffect(() => {
    const onHide = () => {
      if (started.current) beaconWatchPosition(lessonId, lastTime.current);
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, [lessonId]);

  /** The video's length is known: resume where the learner left off, with their speed and captions. */
  const metadataLoaded = (el: HTMLVideoElement) => {
    if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
    const at = resumePosition(watch?.positionSeconds, el.duration);
    if (at > 0) {
      el.currentTime = at;
      setTime(at);
    }
    tracker.current.jumped(at);
    el.playbackRate = rate;
    showCaptions(el, captions);
  };
  const failed = () => toast(playerToasts.videoFailed);

  // The player is rendered on the server: the browser may have read the video's
  // metadata, or failed to load it, before React attached the handlers above. Catch up once.
  const catchUp = useEffectEvent(() => {
    const el = video.current;
    if (!el) return;
    if (el.error) failed();
    else if (el.readyState >= HTMLMediaElement.HAVE_METADATA) metadataLoaded(el);
  });
  useEffect(() => catchUp(), []);

  const changeRate = (next: number) => {
    setRate(next);
    savePlaybackRate(globalThis.localStorage, userId, next);
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void frame.current?.requestFullscreen?.().catch(() => {});
  };

  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const onButton = e.target instanceof HTMLButtonElement;
    const el = video.current;
    switch (e.key) {
      case ' ':
      case 'k':
      case 'K':
        if (onButton && e.key === ' ') return;
        e.preventDefault();
        toggle();
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
        e.preventDefault();
        if (el) seek(el.currentTime + (e.key === 'ArrowLeft' ? -5 : 5));
        break;
      case 'f':
      case 'F':
        e.preventDefault();
        toggleFullscreen();
        break;
      case 'c':
      case 'C':
        if (!hasCaptions) return;
        e.preventDefault();
        setCaptions((on) => !on);
        break;
      case '<':
      case '>':
        e.preventDefault();
        changeRate(stepPlaybackRate(rate, e.key === '>' ? 1 : -1));
        break;
    }
  });
  // A native listener: the keys work wherever focus is inside the player (its buttons, the slider).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const listener = (e: KeyboardEvent) => onKeyDown(e);
    el.addEventListener('keydown', listener);
    return () => el.removeEventListener('keydown', listener);
  }, []);

  const onTimeUpdate = () => {
    const el = video.current;
    if (!el) return;
    lastTime.current = el.currentTime;
    setTime(el.currentTime);
    if (el.seeking || el.paused) return;
    progressed(el);
  };

  /** Playing moved the playhead to `el.currentTime`: count it, and say so once 95 % is reached. */
  const progressed = (el: HTMLVideoElement) => {
    const furthest = tracker.current.played(el.currentTime);
    const length = Number.isFinite(el.duration) && el.duration > 0 ? el.duration : duration;
    if (!reported.current && isWatched(furthest, length)) {
      reported.current = true;
      watchedToast.current = toast(playerToasts.videoWatched);
      onWatched();
      void save();
    }
  };

  const percent = duration > 0 ? Math.min(100, Math.round((100 * time) / duration)) : 0;

  return (
    <div
      ref={frame}
      role="group"
      aria-label={`Videospiller: ${title}`}
      aria-describedby={`${lessonId}-taster`}
      className="overflow-hidden rounded-xl bg-black text-white [&:fullscreen]:flex [&:fullscreen]:flex-col"
      data-status={status}
    >
      <p id={`${lessonId}-taster`} className="sr-only">
        Tastatur: mellomrom eller K spiller av og pauser, piltastene hopper 5 sekunder, F gir fullskjerm, C slår teksting av og på, mindre enn og
        større enn endrer hastigheten.
      </p>
      <div className="relative [:fullscreen_&]:flex-1">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the <track> below is there whenever the lesson has captions */}
        <video
          ref={video}
          className="aspect-video h-full w-full bg-black"
          src={content.videoUrl}
          preload="metadata"
          playsInline
          crossOrigin={content.captionsUrl && /^https?:/.test(content.captionsUrl) ? 'anonymous' : undefined}
          onClick={toggle}
          onLoadedMetadata={(e) => metadataLoaded(e.currentTarget)}
          onPlay={() => {
            started.current = true;
            setStatus('playing');
            void save();
          }}
          onPause={(e) => {
            if (e.currentTarget.ended) return;
            setStatus('paused');
            void save();
          }}
          onEnded={(e) => {
            // The last timeupdate may come after 'paused' turned true: the end counts if play reached it.
            lastTime.current = e.currentTarget.currentTime;
            progressed(e.currentTarget);
            setStatus('ended');
            void save();
          }}
          onSeeking={(e) => tracker.current.jumped(e.currentTarget.currentTime)}
          onTimeUpdate={onTimeUpdate}
          onRateChange={(e) => {
            // The browser's own menus can change the speed too; keep it within the offered range.
            const r = e.currentTarget.playbackRate;
            if (r !== rate && (PLAYBACK_RATES as readonly number[]).includes(r)) changeRate(r);
          }}
          onError={failed}
        >
          {content.captionsUrl && <track kind="captions" src={content.captionsUrl} srcLang="nb" label="Norsk" default />}
        </video>
        {status === 'idle' && (
          <button
            type="button"
            onClick={() => {
              // The overlay goes away: keep focus in the player, where the keys work.
              playButton.current?.focus();
              play();
            }}
            className="absolute inset-0 flex items-center justify-center bg-black/40 transition-colors hover:bg-black/30"
            aria-label="Spill av video"
          >
            <span
              className="flex size-16 items-center justify-center rounded-full bg-white/95 text-2xl text-brand-700 shadow-lg sm:size-20"
              aria-hidden="true"
            >
              ▶
            </span>
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 bg-slate-900 px-3 py-2 text-sm">
        <button
          ref={playButton}
          type="button"
          onClick={toggle}
          className="rounded-md px-2 py-1 font-semibold hover:bg-white/10"
          aria-label={status === 'playing' ? 'Pause' : 'Spill av'}
        >
          <span aria-hidden="true">{status === 'playing' ? '❚❚' : '▶'}</span>
        </button>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={percent}
          aria-label="Posisjon i videoen"
          aria-valuetext={`${formatTimestamp(time)} av ${formatTimestamp(duration)}`}
          onChange={(e) => seek((Number(e.target.value) / 100) * duration)}
          className="order-last h-2 w-full min-w-24 cursor-pointer accent-brand-500 sm:order-none sm:flex-1"
        />
        <span className="tabular-nums" data-video-time>
          {formatTimestamp(time)} / {formatTimestamp(duration)}
        </span>
        <label className="flex items-center gap-1">
          <span className="sr-only">Hastighet</span>
          <select
            value={rate}
            onChange={(e) => changeRate(Number(e.target.value))}
            className="rounded-md bg-slate-800 px-1.5 py-1 text-white"
            data-playback-rate
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {formatRate(r)}
              </option>
            ))}
          </select>
        </label>
        {hasCaptions && (
          <button
            type="button"
            aria-pressed={captions}
            onClick={() => setCaptions(!captions)}
            className={cn(
              'rounded-md px-2 py-1 font-semibold hover:bg-white/10',
              captions ? 'text-white underline underline-offset-4' : 'text-slate-300',
            )}
          >
            Teksting
          </button>
        )}
        <button type="button" onClick={toggleFullscreen} className="rounded-md px-2 py-1 font-semibold hover:bg-white/10">
          Fullskjerm
        </button>
      </div>
    </div>
  );
}

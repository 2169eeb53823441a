/**
 * The watch rules the player island and the server share, without zod: the island imports
 * these numbers, and importing them from player.ts would pull zod into its JavaScript.
 */

/** A video counts as watched when the furthest point played reaches this share of its length. */
export const WATCHED_THRESHOLD = 0.95;
/** The fastest playback speed the player offers; the server lets the furthest point grow at most this fast. */
export const MAX_PLAYBACK_RATE = 2;
/** Slack the server adds to the real time between two saves (network and timer jitter), in seconds. */
export const WATCH_SLACK_SECONDS = 5;
/** The player saves the position this often while a video plays, in milliseconds. */
export const WATCH_SAVE_INTERVAL_MS = 10_000;

/** The player reports time on a text, task or HTML lesson this often while it is open and in view, in milliseconds. */
export const STUDY_HEARTBEAT_MS = 30_000;
/**
 * The longest gap between two reports that still counts, in seconds: a longer one means the page
 * was hidden, asleep or closed, and earns nothing. Bounds what one report can add.
 */
export const STUDY_MAX_GAP_SECONDS = 90;
/** A lesson counts at most this many times its estimated minutes, so a tab left open does not count hours. */
export const STUDY_CAP_FACTOR = 2;

/** The longest video note, and the messages of the note's field. */
export const NOTE_MAX_LENGTH = 5_000;
export const noteMessages = {
  required: 'Notatet kan ikke være tomt',
  tooLong: `Notatet kan ha høyst ${NOTE_MAX_LENGTH} tegn`,
} as const;

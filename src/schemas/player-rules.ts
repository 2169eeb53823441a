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

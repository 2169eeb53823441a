/** Without zod: importing these from player.ts would pull zod into the player island. */

export const WATCHED_THRESHOLD = 0.95;
/** The server lets the furthest point grow at most this fast. */
export const MAX_PLAYBACK_RATE = 2;
/** Slack the server adds to the real time between two saves (network and timer jitter), in seconds. */
export const WATCH_SLACK_SECONDS = 5;
export const WATCH_SAVE_INTERVAL_MS = 10_000;

export const STUDY_HEARTBEAT_MS = 30_000;
/** A longer gap means the page was hidden, asleep or closed, and earns nothing. */
export const STUDY_MAX_GAP_SECONDS = 90;
/** A lesson counts at most this many times its estimated minutes, so a tab left open does not count hours. */
export const STUDY_CAP_FACTOR = 2;

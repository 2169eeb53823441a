/**
 * The chat's limits and their messages without zod: the chat panel, part of the player, checks
 * its fields with these, and importing them from chat.ts would pull zod into its JavaScript.
 */

/** The title of a new conversation and the name shown for a blank one. */
export const NEW_CONVERSATION_TITLE = 'Ny samtale';
export const CONVERSATION_TITLE_MAX = 200;
export const MESSAGE_MAX_LENGTH = 4_000;

export const conversationTitleMessages = {
  required: 'Skriv et navn på samtalen',
  tooLong: `Navnet kan ha høyst ${CONVERSATION_TITLE_MAX} tegn`,
} as const;

export const chatMessageMessages = {
  required: 'Skriv en melding',
  tooLong: `Meldingen kan ha høyst ${MESSAGE_MAX_LENGTH} tegn`,
} as const;

/** Without zod, and apart from the player's rules, so only the notes' lazy chunk carries them. */

export const NOTE_MAX_LENGTH = 5_000;
export const noteMessages = {
  required: 'Notatet kan ikke være tomt',
  tooLong: `Notatet kan ha høyst ${NOTE_MAX_LENGTH} tegn`,
} as const;

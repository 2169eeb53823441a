import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface CreatePasswordProps {
  firstName: string;
  /** The address the account signs in with (the one this mail went to). */
  email: string;
  /** The absolute link that proves the address and opens 'Lag et passord' (it carries the one-time token). */
  createUrl: string;
  /** How long the link works, in days. */
  validDays: number;
  /** Sent right after a purchase (the account was made by it), or later at the owner's request from /konto. */
  reason: 'purchase' | 'request';
}

export const createPasswordSubject = ({ reason }: CreatePasswordProps) =>
  reason === 'purchase' ? 'Bekreft e-postadressen og lag et passord' : 'Lag et passord til kontoen din';

/**
 * The one mail of an account without a password: opening the link proves the address, and the page
 * it opens lets the owner choose a password to sign in with from then on.
 */
export function CreatePassword({ firstName, email, createUrl, validDays, reason }: CreatePasswordProps) {
  return (
    <MailLayout preview="Bekreft e-postadressen din og lag et passord til kontoen din hos KI Akademiet.">
      <Heading style={styles.heading}>Lag et passord</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        {reason === 'purchase'
          ? 'Takk for kjøpet! Vi har laget en konto til deg med denne e-postadressen, så du finner kurset igjen. '
          : 'Du har bedt om å lage et passord til kontoen din. '}
        Trykk på knappen for å bekrefte e-postadressen og velge et passord. Lenken virker i {validDays} dager og kan bare brukes én gang.
      </Text>
      <ActionLink href={createUrl} label="Lag et passord" />
      <Text style={styles.text}>Etterpå logger du inn med e-postadressen {email} og passordet du valgte.</Text>
      <Text style={styles.muted}>
        {reason === 'purchase'
          ? 'Har du ikke kjøpt noe hos oss, kan du se bort fra e-posten.'
          : 'Har du ikke bedt om dette, kan du se bort fra e-posten. Kontoen din er ikke endret.'}
      </Text>
    </MailLayout>
  );
}

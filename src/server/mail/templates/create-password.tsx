import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface CreatePasswordProps {
  firstName: string;
  email: string;
  createUrl: string;
  validDays: number;
  reason: 'purchase' | 'request';
}

export const createPasswordSubject = ({ reason }: CreatePasswordProps) =>
  reason === 'purchase' ? 'Bekreft e-postadressen og lag et passord' : 'Lag et passord til kontoen din';

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

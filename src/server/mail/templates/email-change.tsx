import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface EmailChangeProps {
  firstName: string;
  newEmail: string;
  confirmUrl: string;
  validHours: number;
}

export const emailChangeSubject = () => 'Bekreft ny e-postadresse';

export function EmailChange({ firstName, newEmail, confirmUrl, validHours }: EmailChangeProps) {
  return (
    <MailLayout preview="Bekreft den nye e-postadressen for kontoen din hos KI Akademiet.">
      <Heading style={styles.heading}>Bekreft ny e-postadresse</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Du har bedt om å bruke {newEmail} for kontoen din hos KI Akademiet. Trykk på knappen for å bekrefte. Lenken virker i {validHours} timer og kan
        bare brukes én gang.
      </Text>
      <ActionLink href={confirmUrl} label="Bekreft ny e-postadresse" />
      <Text style={styles.muted}>Har du ikke bedt om dette, kan du se bort fra e-posten. Ingenting endres uten at lenken brukes.</Text>
    </MailLayout>
  );
}

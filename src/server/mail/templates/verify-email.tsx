import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface VerifyEmailProps {
  firstName: string;
  verifyUrl: string;
  validDays: number;
}

export const verifyEmailSubject = () => 'Bekreft e-postadressen din';

export function VerifyEmail({ firstName, verifyUrl, validDays }: VerifyEmailProps) {
  return (
    <MailLayout preview="Bekreft at dette er e-postadressen din hos KI Akademiet.">
      <Heading style={styles.heading}>Bekreft e-postadressen din</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Velkommen til KI Akademiet! Trykk på knappen for å bekrefte at dette er e-postadressen din. Lenken virker i {validDays} dager og kan bare
        brukes én gang.
      </Text>
      <ActionLink href={verifyUrl} label="Bekreft e-postadressen" />
      <Text style={styles.muted}>Har du ikke laget en konto hos oss, kan du se bort fra e-posten.</Text>
    </MailLayout>
  );
}

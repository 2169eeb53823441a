import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface PasswordResetProps {
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}

export const passwordResetSubject = () => 'Tilbakestill passordet ditt';

export function PasswordReset({ firstName, resetUrl, validMinutes }: PasswordResetProps) {
  return (
    <MailLayout preview="Lag et nytt passord for kontoen din hos KI Akademiet.">
      <Heading style={styles.heading}>Tilbakestill passordet ditt</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Vi har fått en forespørsel om å tilbakestille passordet for kontoen din. Trykk på knappen for å lage et nytt passord. Lenken virker i{' '}
        {validMinutes} minutter og kan bare brukes én gang.
      </Text>
      <ActionLink href={resetUrl} label="Lag nytt passord" />
      <Text style={styles.muted}>Har du ikke bedt om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.</Text>
    </MailLayout>
  );
}

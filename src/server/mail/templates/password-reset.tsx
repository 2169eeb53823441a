import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './layout';

export interface PasswordResetProps {
  firstName: string;
  /** The absolute link that sets a new password (it carries the one-time token). */
  resetUrl: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

export const passwordResetSubject = () => 'Tilbakestill passordet ditt';

/** Sent when someone asks to reset the password of an account (the accounts issue sends it). */
export function PasswordReset({ firstName, resetUrl, validMinutes }: PasswordResetProps) {
  return (
    <MailLayout preview="Lag et nytt passord for kontoen din hos KI Akademiet.">
      <Heading style={styles.heading}>Tilbakestill passordet ditt</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Vi har fått en forespørsel om å tilbakestille passordet for kontoen din. Trykk på knappen for å lage et nytt passord. Lenken virker i{' '}
        {validMinutes} minutter og kan bare brukes én gang.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={resetUrl} style={styles.button}>
          Lag nytt passord
        </Button>
      </Section>
      <Text style={styles.muted}>
        Virker ikke knappen? Lim inn denne lenken i nettleseren:{' '}
        <Link href={resetUrl} style={styles.link}>
          {resetUrl}
        </Link>
      </Text>
      <Text style={styles.muted}>Har du ikke bedt om dette, kan du se bort fra e-posten. Passordet ditt er ikke endret.</Text>
    </MailLayout>
  );
}

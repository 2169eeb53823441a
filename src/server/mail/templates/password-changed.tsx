import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './layout';

export interface PasswordChangedProps {
  firstName: string;
  changedAt: string;
  resetUrl: string;
  contactEmail: string;
}

export const passwordChangedSubject = () => 'Passordet ditt er endret';

export function PasswordChanged({ firstName, changedAt, resetUrl, contactEmail }: PasswordChangedProps) {
  return (
    <MailLayout preview="Passordet for kontoen din hos KI Akademiet er endret.">
      <Heading style={styles.heading}>Passordet ditt er endret</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>Passordet for kontoen din ble endret {changedAt}. Du er logget ut på alle andre enheter.</Text>
      <Text style={styles.text}>
        Var det ikke deg? Lag et nytt passord med en gang på{' '}
        <Link href={resetUrl} style={styles.link}>
          {resetUrl}
        </Link>{' '}
        og skriv til oss på{' '}
        <Link href={`mailto:${contactEmail}`} style={styles.link}>
          {contactEmail}
        </Link>
        .
      </Text>
    </MailLayout>
  );
}

import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './layout';

export interface EmailChangeNoticeProps {
  firstName: string;
  newEmail: string;
  contactEmail: string;
}

export const emailChangeNoticeSubject = () => 'Noen vil endre e-postadressen på kontoen din';

/** To the old address, so a stolen session cannot move the account quietly. */
export function EmailChangeNotice({ firstName, newEmail, contactEmail }: EmailChangeNoticeProps) {
  return (
    <MailLayout preview="Det er bedt om å endre e-postadressen for kontoen din hos KI Akademiet.">
      <Heading style={styles.heading}>Endring av e-postadresse</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Det er bedt om å endre e-postadressen for kontoen din til {newEmail}. Endringen skjer først når lenken vi sendte dit, blir brukt.
      </Text>
      <Text style={styles.text}>
        Var det ikke deg? Endre passordet ditt og skriv til oss på{' '}
        <Link href={`mailto:${contactEmail}`} style={styles.link}>
          {contactEmail}
        </Link>
        .
      </Text>
    </MailLayout>
  );
}

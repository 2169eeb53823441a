import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './layout';

export interface ContactMessageProps {
  name: string;
  email: string;
  company: string | null;
  message: string;
  receivedAt: string;
}

export const contactMessageSubject = ({ name }: ContactMessageProps) => `Ny melding fra kontaktskjemaet: ${name}`;

/** The reply goes to the sender's address. */
export function ContactMessage({ name, email, company, message, receivedAt }: ContactMessageProps) {
  return (
    <MailLayout preview={`${name} skrev via kontaktskjemaet.`}>
      <Heading style={styles.heading}>Ny melding fra kontaktskjemaet</Heading>
      <Text style={styles.text}>
        Fra {name}
        {company ? ` (${company})` : ''},{' '}
        <Link href={`mailto:${email}`} style={styles.link}>
          {email}
        </Link>
        , {receivedAt}.
      </Text>
      <Text style={{ ...styles.text, whiteSpace: 'pre-wrap' }}>{message}</Text>
      <Text style={styles.muted}>Svar til avsenderens adresse over; denne e-posten kommer fra en adresse som ikke leses.</Text>
    </MailLayout>
  );
}

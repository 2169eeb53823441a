import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { styles } from './layout';

/** Kept apart from the receipt's facts, which follow the bookkeeping rules, so either can change without the other. */
export interface ReceiptSignInProps {
  email: string;
  hasPassword: boolean;
  signInUrl: string;
  forgotUrl: string;
}

const title = { ...styles.text, fontWeight: 600, margin: '16px 0 8px' } as const;

export function ReceiptSignIn({ email, hasPassword, signInUrl, forgotUrl }: ReceiptSignInProps) {
  return (
    <>
      <Text style={title}>Slik logger du inn igjen</Text>
      {hasPassword ? (
        <Text style={styles.text}>
          Logg inn på{' '}
          <Link href={signInUrl} style={styles.link}>
            {signInUrl}
          </Link>{' '}
          med e-postadressen {email} og passordet ditt. Har du glemt passordet, kan du lage et nytt på{' '}
          <Link href={forgotUrl} style={styles.link}>
            {forgotUrl}
          </Link>
          .
        </Text>
      ) : (
        <Text style={styles.text}>
          Vi har laget en konto til deg med e-postadressen {email}. I en egen e-post fra oss finner du knappen «Lag et passord»: bekreft
          e-postadressen der og velg et passord. Deretter logger du inn på{' '}
          <Link href={signInUrl} style={styles.link}>
            {signInUrl}
          </Link>{' '}
          med e-postadressen og passordet. Finner du ikke e-posten, kan du få en ny lenke på{' '}
          <Link href={forgotUrl} style={styles.link}>
            {forgotUrl}
          </Link>
          .
        </Text>
      )}
    </>
  );
}

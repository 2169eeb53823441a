import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface AccountConfirmProps {
  firstName: string;
  action: 'change_email' | 'delete';
  newEmail?: string | undefined;
  confirmUrl: string;
  validMinutes: number;
}

export const accountConfirmSubject = ({ action }: AccountConfirmProps) =>
  action === 'delete' ? 'Bekreft at du vil slette kontoen' : 'Bekreft at du vil endre e-postadressen';

export function AccountConfirm({ firstName, action, newEmail, confirmUrl, validMinutes }: AccountConfirmProps) {
  const title = accountConfirmSubject({ firstName, action, newEmail, confirmUrl, validMinutes });
  return (
    <MailLayout preview={title}>
      <Heading style={styles.heading}>{title}</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        {action === 'delete'
          ? 'Du har bedt om å slette kontoen din hos KI Akademiet. Kontoen slettes for godt når du åpner lenken og bekrefter.'
          : `Du har bedt om å endre e-postadressen din til ${newEmail ?? ''}. Når du har bekreftet her, sender vi en lenke til den nye adressen.`}{' '}
        Lenken virker i {validMinutes} minutter og kan bare brukes én gang.
      </Text>
      <ActionLink href={confirmUrl} label={action === 'delete' ? 'Bekreft sletting' : 'Bekreft endringen'} />
      <Text style={styles.muted}>Har du ikke bedt om dette, kan du se bort fra e-posten. Kontoen din er ikke endret.</Text>
    </MailLayout>
  );
}

import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface CompanyInvitationProps {
  companyName: string;
  inviterName: string;
  acceptUrl: string;
  courseTitles: string[];
  validDays: number;
}

export const companyInvitationSubject = (props: CompanyInvitationProps) => `${props.companyName} gir deg tilgang til KI-kurs`;

export function CompanyInvitation({ companyName, inviterName, acceptUrl, courseTitles, validDays }: CompanyInvitationProps) {
  return (
    <MailLayout preview={`${inviterName} har gitt deg en plass i KI Akademiets kurspakke.`}>
      <Heading style={styles.heading}>Du er invitert til KI-kurs</Heading>
      <Text style={styles.text}>
        {inviterName} i {companyName} har gitt deg en plass i KI Akademiets nettbaserte kurspakke. Du får tilgang til disse kursene:{' '}
        {courseTitles.join(', ')}.
      </Text>
      <ActionLink href={acceptUrl} label="Ta imot invitasjonen" />
      <Text style={styles.muted}>
        Lenken virker i {validDays} dager og kan bare brukes én gang. Har du ikke ventet denne e-posten, kan du se bort fra den.
      </Text>
    </MailLayout>
  );
}

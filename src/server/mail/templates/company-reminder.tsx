import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface CompanyReminderProps {
  firstName: string;
  companyName: string;
  startUrl: string;
}

export const companyReminderSubject = () => 'Kursene dine venter på deg';

export function CompanyReminder({ firstName, companyName, startUrl }: CompanyReminderProps) {
  return (
    <MailLayout preview="Kom i gang med KI-kursene du har fått tilgang til.">
      <Heading style={styles.heading}>Kursene dine venter</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        {companyName} har gitt deg tilgang til KI Akademiets kurspakke, men du har ikke startet ennå. Leksjonene er korte, så du kan ta den første på
        noen minutter.
      </Text>
      <ActionLink href={startUrl} label="Start første leksjon" />
    </MailLayout>
  );
}

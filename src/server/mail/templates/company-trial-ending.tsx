import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { trialDaysLeftText } from '../../../lib/company-package';
import { ActionLink, MailLayout, styles } from './layout';

export interface CompanyTrialEndingProps {
  firstName: string;
  companyName: string;
  daysLeft: number;
  endsOn: string;
  buyUrl: string;
}

export const companyTrialEndingSubject = ({ daysLeft }: CompanyTrialEndingProps) =>
  `Prøveperioden slutter om ${daysLeft} ${daysLeft === 1 ? 'dag' : 'dager'}`;

export function CompanyTrialEnding({ firstName, companyName, daysLeft, endsOn, buyUrl }: CompanyTrialEndingProps) {
  return (
    <MailLayout preview={`${trialDaysLeftText(daysLeft)} for ${companyName}.`}>
      <Heading style={styles.heading}>Prøveperioden snart over</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Det er {trialDaysLeftText(daysLeft)} for {companyName}, som slutter {endsOn}. Kjøper dere plasser før den er over, beholder de ansatte
        tilgangen til kursene uten opphold. Ellers slutter prøveperioden av seg selv, tilgangen til kursene tas tilbake, og dere betaler ingenting.
        Fremdriften blir lagret.
      </Text>
      <ActionLink href={buyUrl} label="Kjøp plasser" />
    </MailLayout>
  );
}

import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { ActionLink, MailLayout, styles } from './layout';

export interface CompanyTrialEndedProps {
  firstName: string;
  companyName: string;
  seatsTakenBack: number;
  buyUrl: string;
}

export const companyTrialEndedSubject = () => 'Prøveperioden er over';

export function CompanyTrialEnded({ firstName, companyName, seatsTakenBack, buyUrl }: CompanyTrialEndedProps) {
  return (
    <MailLayout preview={`Prøveperioden for ${companyName} er over. Dere betaler ingenting.`}>
      <Heading style={styles.heading}>Prøveperioden er over</Heading>
      <Text style={styles.text}>Hei {firstName},</Text>
      <Text style={styles.text}>
        Den gratis prøveperioden for {companyName} er over, og dere betaler ingenting.{' '}
        {seatsTakenBack > 0
          ? `Tilgangen til kursene er tatt tilbake fra ${seatsTakenBack === 1 ? 'den ene plassen' : `de ${seatsTakenBack} plassene`}, men fremdriften er lagret.`
          : 'Fremdriften til de ansatte er lagret.'}{' '}
        Kjøper dere plasser, kan de fortsette der de slapp.
      </Text>
      <ActionLink href={buyUrl} label="Kjøp plasser" />
    </MailLayout>
  );
}

import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { MailLayout, styles } from './layout';

export interface ReceiptProps {
  firstName: string;
  /** The order's number as the buyer sees it. */
  orderNumber: string;
  /** ISO date-time of the payment. */
  paidAt: string;
  lines: { title: string; amountOre: number }[];
  totalOre: number;
  /** The VAT included in the total, in øre (0 when exempt). */
  vatOre: number;
}

export const receiptSubject = ({ orderNumber }: ReceiptProps) => `Kvittering for ordre ${orderNumber}`;

/** Øre as kroner with both decimals, as a receipt shows them: 149990 → '1 499,90 kr'. */
const kronerFormat = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kroner = (ore: number) => `${kronerFormat.format(ore / 100)}\u00a0kr`;

/** A skeleton of the receipt the checkout (next issue) sends when a payment is captured. */
export function Receipt({ firstName, orderNumber, paidAt, lines, totalOre, vatOre }: ReceiptProps) {
  const date = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeZone: 'Europe/Oslo' }).format(new Date(paidAt));
  return (
    <MailLayout preview={`Takk for kjøpet! Kvittering for ordre ${orderNumber}.`}>
      <Heading style={styles.heading}>Takk for kjøpet!</Heading>
      <Text style={styles.text}>
        Hei {firstName}, her er kvitteringen for ordre {orderNumber}, betalt {date}.
      </Text>
      <Section>
        {lines.map((line) => (
          <Text key={line.title} style={styles.text}>
            {line.title}: {kroner(line.amountOre)}
          </Text>
        ))}
      </Section>
      <Text style={{ ...styles.text, fontWeight: 600 }}>Totalt: {kroner(totalOre)}</Text>
      <Text style={styles.muted}>{vatOre > 0 ? `Herav mva.: ${kroner(vatOre)}` : 'Fritatt for merverdiavgift.'}</Text>
    </MailLayout>
  );
}

import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import {
  formatOre,
  formatPaidAt,
  formatReceiptNumber,
  formatVatRate,
  type ReceiptData,
  sellerRegistration,
  withdrawalText,
} from '../../receipts/receipt-data';
import { MailLayout, styles } from './layout';
import { ReceiptSignIn, type ReceiptSignInProps } from './receipt-sign-in';
import { formatOrgNumber } from '../../../lib/org-number';

export interface ReceiptProps extends ReceiptData {
  firstName: string;
  /** The absolute link to the course bought ('Gå til kurset'). */
  courseUrl: string;
  /** The absolute link to the receipt's PDF ('Se kvitteringen'). */
  receiptUrl: string;
  /** Something the buyer must know about this order first (a second purchase of a course, refunded at once). */
  notice?: string | undefined;
  /** How the buyer signs in again (none for an order whose account is gone). */
  signIn?: ReceiptSignInProps | undefined;
}

export const receiptSubject = ({ orderReference }: ReceiptProps) => `Kvittering for kjøp – ordre ${orderReference}`;

const row = { ...styles.text, margin: '0 0 4px' } as const;
const strong = { ...row, fontWeight: 600 } as const;
const sectionTitle = { ...styles.text, fontWeight: 600, margin: '16px 0 8px' } as const;

/**
 * The order confirmation on a durable medium (angrerettloven § 18) and the receipt
 * (bokføringsforskriften § 5-1-1): the same facts as the PDF (src/server/receipts/receipt-pdf.ts),
 * from the same data, plus the consent that ended the right of withdrawal.
 */
export function Receipt(props: ReceiptProps) {
  const { firstName, courseUrl, receiptUrl, seller, buyer, lines, discount, vatByRate, notice } = props;
  const number = formatReceiptNumber(props.receiptNumber);
  return (
    <MailLayout preview={`Takk for kjøpet! Kvittering ${number} for ordre ${props.orderReference}.`}>
      <Heading style={styles.heading}>Takk for kjøpet!</Heading>
      <Text style={styles.text}>
        Hei {firstName}, betalingen er mottatt, og kurset er klart for deg. Her er kvitteringen for ordre {props.orderReference}.
      </Text>
      {notice ? <Text style={{ ...styles.text, fontWeight: 600 }}>{notice}</Text> : null}
      <Section style={{ margin: '24px 0' }}>
        <Button href={courseUrl} style={styles.button}>
          Gå til kurset
        </Button>
      </Section>
      <Text style={styles.text}>
        <Link href={receiptUrl} style={styles.link}>
          Se kvitteringen
        </Link>{' '}
        på nettsiden, der du også kan laste den ned som PDF.
      </Text>
      {props.signIn ? <ReceiptSignIn {...props.signIn} /> : null}

      <Hr />
      <Heading as="h2" style={{ ...styles.heading, fontSize: '18px', lineHeight: '26px' }}>
        Kvittering
      </Heading>
      <Text style={row}>Kvitteringsnummer: {number}</Text>
      <Text style={row}>Ordrenummer: {props.orderReference}</Text>
      <Text style={row}>Salgsdato: {formatPaidAt(props.paidAt)}</Text>
      <Text style={row}>Betalingsmåte: {props.paymentMethod}</Text>

      <Text style={sectionTitle}>Selger</Text>
      <Text style={row}>{seller.name}</Text>
      <Text style={row}>{sellerRegistration(seller)}</Text>
      <Text style={row}>{seller.address}</Text>
      <Text style={row}>{seller.email}</Text>

      <Text style={sectionTitle}>Kjøper</Text>
      {buyer.company ? (
        <>
          <Text style={strong}>{buyer.company.name}</Text>
          <Text style={row}>Org.nr. {formatOrgNumber(buyer.company.orgNumber)}</Text>
          {buyer.company.poReference ? <Text style={row}>Deres ref.: {buyer.company.poReference}</Text> : null}
        </>
      ) : null}
      <Text style={row}>{buyer.name}</Text>
      <Text style={row}>{buyer.email}</Text>

      <Text style={sectionTitle}>Kjøpt</Text>
      {lines.map((line, i) => (
        <Text key={i} style={row}>
          {line.description}, {line.quantity} stk. à {formatOre(line.unitPriceOre)} (
          {line.vatRateBp === 0 ? 'fritatt for mva.' : `${formatVatRate(line.vatRateBp)} mva.`}
          ): {formatOre(line.amountOre)}
        </Text>
      ))}
      {discount ? (
        <Text style={row}>
          Rabatt (kode {discount.code}): {formatOre(-discount.amountOre)}
        </Text>
      ) : null}
      <Text style={{ ...strong, margin: '8px 0 4px' }}>Totalt: {formatOre(props.totalOre)}</Text>
      <Text style={styles.muted}>Alle beløp er i norske kroner, inkludert merverdiavgift.</Text>

      <Text style={sectionTitle}>Merverdiavgift</Text>
      {vatByRate.map((rate) => (
        <Text key={rate.rateBp} style={row}>
          {rate.rateBp === 0
            ? `Fritatt for merverdiavgift: grunnlag ${formatOre(rate.baseOre)}`
            : `${formatVatRate(rate.rateBp)} merverdiavgift: grunnlag ${formatOre(rate.baseOre)}, mva. ${formatOre(rate.vatOre)}`}
        </Text>
      ))}
      <Text style={strong}>Sum merverdiavgift: {formatOre(props.vatOre)}</Text>

      <Text style={sectionTitle}>Betaling</Text>
      <Text style={row}>
        Betalt med {props.paymentMethod}: {formatOre(props.totalOre)}
      </Text>
      {props.refundedOre > 0 ? (
        <Text style={row}>
          Refundert: {formatOre(-props.refundedOre)} (betalt etter refusjon: {formatOre(props.totalOre - props.refundedOre)})
        </Text>
      ) : null}

      <Hr />
      <Text style={sectionTitle}>Angrerett</Text>
      <Text style={styles.text}>{withdrawalText(seller)}</Text>
    </MailLayout>
  );
}

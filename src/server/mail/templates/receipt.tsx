import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import {
  discountTitle,
  formatPaidAt,
  formatReceiptNumber,
  formatReceiptOrgNumber,
  lineVatText,
  paidWithText,
  quantityText,
  receiptLabels as L,
  sellerRegistration,
  vatRateTitle,
} from '../../../lib/receipt-format';
import { formatKronerOre } from '../../../lib/format';
import { type ReceiptData, withdrawalText } from '../../receipts/receipt-data';
import { MailLayout, styles } from './layout';
import { ReceiptSignIn, type ReceiptSignInProps } from './receipt-sign-in';

/** Mails queued earlier carry a numeric receipt number and no statement. */
export interface ReceiptProps extends Omit<ReceiptData, 'receiptNumber' | 'withdrawal'> {
  receiptNumber: string | number;
  withdrawal?: string;
  firstName: string;
  courseUrl: string;
  receiptUrl: string;
  notice?: string | undefined;
  signIn?: ReceiptSignInProps | undefined;
}

export const receiptSubject = ({ orderReference }: ReceiptProps) => `Kvittering for kjøp – ordre ${orderReference}`;

const row = { ...styles.text, margin: '0 0 4px' } as const;
const strong = { ...row, fontWeight: 600 } as const;
const sectionTitle = { ...styles.text, fontWeight: 600, margin: '16px 0 8px' } as const;

/** The order confirmation on a durable medium (angrerettloven § 18) and the receipt, from the same data as the PDF. */
export function Receipt(props: ReceiptProps) {
  const { firstName, courseUrl, receiptUrl, seller, buyer, lines, discount, vatByRate, notice } = props;
  const number = formatReceiptNumber(props.receiptNumber);
  const withdrawal = props.withdrawal ?? withdrawalText(seller, { business: Boolean(buyer.company) });
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
        {L.title}
      </Heading>
      <Text style={row}>
        {L.number}: {number}
      </Text>
      <Text style={row}>
        {L.orderReference}: {props.orderReference}
      </Text>
      <Text style={row}>
        {L.paidAt}: {formatPaidAt(props.paidAt)}
      </Text>
      <Text style={row}>
        {L.paymentMethod}: {props.paymentMethod}
      </Text>

      <Text style={sectionTitle}>{L.seller}</Text>
      <Text style={row}>{seller.name}</Text>
      <Text style={row}>{sellerRegistration(seller)}</Text>
      <Text style={row}>{seller.address}</Text>
      <Text style={row}>{seller.email}</Text>

      <Text style={sectionTitle}>{L.buyer}</Text>
      {buyer.company ? (
        <>
          <Text style={strong}>{buyer.company.name}</Text>
          <Text style={row}>Org.nr. {formatReceiptOrgNumber(buyer.company.orgNumber)}</Text>
          {buyer.company.poReference ? <Text style={row}>Deres ref.: {buyer.company.poReference}</Text> : null}
        </>
      ) : null}
      <Text style={row}>{buyer.name}</Text>
      <Text style={row}>{buyer.email}</Text>

      <Text style={sectionTitle}>{L.lines}</Text>
      {lines.map((line, i) => (
        <Text key={i} style={row}>
          {line.description}, {quantityText(line.quantity, line.unitPriceOre)} ({lineVatText(line.vatRateBp)}): {formatKronerOre(line.amountOre)}
        </Text>
      ))}
      {discount ? (
        <Text style={row}>
          {discountTitle(discount.code)}: {formatKronerOre(-discount.amountOre)}
        </Text>
      ) : null}
      <Text style={{ ...strong, margin: '8px 0 4px' }}>
        {L.total}: {formatKronerOre(props.totalOre)}
      </Text>
      <Text style={styles.muted}>{L.currencyNote}</Text>

      <Text style={sectionTitle}>{L.vat}</Text>
      {vatByRate.map((rate) => (
        <Text key={rate.rateBp} style={row}>
          {rate.rateBp === 0
            ? `${vatRateTitle(0)}: grunnlag ${formatKronerOre(rate.baseOre)}`
            : `${vatRateTitle(rate.rateBp)}: grunnlag ${formatKronerOre(rate.baseOre)}, mva. ${formatKronerOre(rate.vatOre)}`}
        </Text>
      ))}
      <Text style={strong}>
        {L.vatTotal}: {formatKronerOre(props.vatOre)}
      </Text>

      <Text style={sectionTitle}>{L.payment}</Text>
      <Text style={row}>
        {paidWithText(props.paymentMethod)}: {formatKronerOre(props.totalOre)}
      </Text>
      {props.refundedOre > 0 ? (
        <Text style={row}>
          {L.refunded}: {formatKronerOre(-props.refundedOre)} ({L.paidAfterRefund.toLowerCase()}:{' '}
          {formatKronerOre(props.totalOre - props.refundedOre)})
        </Text>
      ) : null}

      <Hr />
      <Text style={sectionTitle}>{L.withdrawal}</Text>
      <Text style={styles.text}>{withdrawal}</Text>
    </MailLayout>
  );
}

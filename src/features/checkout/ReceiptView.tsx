import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppHeader } from '../../components/app/AppHeader';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';
import { QueryError } from '../../components/ui/QueryState';
import {
  discountTitle,
  formatPaidAt,
  formatReceiptOrgNumber,
  formatVatRate,
  paidWithText,
  quantityText,
  receiptLabels as L,
  sellerRegistration,
  vatRateTitle,
} from '../../lib/receipt-format';
import { formatKronerOre } from '../../lib/format';
import type { CurrentUser } from '../../schemas/auth';
import type { ReceiptData } from '../../schemas/checkout';
import { isNotFound, orderQuery } from './checkout.queries';

const cell = 'px-3 py-2 text-left align-top';
const number = 'px-3 py-2 text-right align-top tabular-nums whitespace-nowrap';

/** A receipt on /kvittering/<orderId>: the sales documentation of a paid order, to read, print or download. */
export function ReceiptView({ user, orderId, print = () => window.print() }: { user: CurrentUser; orderId: string; print?: () => void }) {
  const query = useQuery(orderQuery(orderId));
  let body: ReactNode;
  if (query.isPending) body = <p className="text-muted">Laster kvitteringen …</p>;
  else if (query.isError) {
    body = isNotFound(query.error) ? (
      <Message text="Fant ikke kvitteringen." />
    ) : (
      <QueryError text="Kunne ikke laste kvitteringen." onRetry={() => void query.refetch()} />
    );
  } else if (!query.data.receipt)
    body = <Message text="Denne bestillingen har ingen kvittering ennå. Kvitteringen kommer når betalingen er bekreftet." />;
  else body = <Receipt receipt={query.data.receipt} pdfPath={query.data.pdfPath} print={print} />;

  return (
    <>
      <div className="print:hidden">
        <AppHeader user={user} current="receipt" />
      </div>
      <main id="innhold" className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
        {body}
      </main>
    </>
  );
}

function Message({ text }: { text: string }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold text-ink">{text}</h1>
      <a href="/kjop" className="font-semibold text-brand-700 underline">
        Til Mine kjøp
      </a>
    </div>
  );
}

/**
 * The receipt as the mail and the PDF state it: the same data (the API's `receipt`, built by the
 * server's one receipt model) printed by the same functions (src/lib/receipt-format.ts), the
 * number as '000042' and the withdrawal statement included.
 */
function Receipt({ receipt, pdfPath, print }: { receipt: ReceiptData; pdfPath: string | null; print: () => void }) {
  const { seller, buyer } = receipt;
  return (
    <article
      aria-labelledby="kvittering-tittel"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 text-ink sm:p-8 print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 id="kvittering-tittel" className="text-3xl font-bold">
          {L.title}
        </h1>
        <div className="flex flex-wrap gap-2 print:hidden">
          {pdfPath && (
            <a href={pdfPath} className={buttonVariants({ variant: 'secondary' })} download>
              Last ned PDF
            </a>
          )}
          <Button variant="outline" onClick={print}>
            Skriv ut
          </Button>
        </div>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="selger">
          <h2 id="selger" className="text-sm font-semibold uppercase tracking-wide text-muted">
            {L.seller}
          </h2>
          <p className="mt-1 font-semibold">{seller.name}</p>
          <p>{sellerRegistration(seller)}</p>
          <p>{seller.address}</p>
          <p className="break-all">{seller.email}</p>
        </section>
        <section aria-labelledby="kjoper">
          <h2 id="kjoper" className="text-sm font-semibold uppercase tracking-wide text-muted">
            {L.buyer}
          </h2>
          {buyer.company ? (
            <>
              <p className="mt-1 font-semibold">{buyer.company.name}</p>
              <p>Org.nr. {formatReceiptOrgNumber(buyer.company.orgNumber)}</p>
              {buyer.company.poReference && <p>Deres ref.: {buyer.company.poReference}</p>}
              <p>{buyer.name}</p>
            </>
          ) : (
            <p className="mt-1 font-semibold">{buyer.name}</p>
          )}
          <p className="break-all">{buyer.email}</p>
        </section>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">{L.number}</dt>
        <dd className="font-semibold tabular-nums">{receipt.receiptNumber}</dd>
        <dt className="text-muted">{L.orderReference}</dt>
        <dd className="break-all">{receipt.orderReference}</dd>
        <dt className="text-muted">{L.paidAt}</dt>
        <dd>
          <time dateTime={receipt.paidAt}>{formatPaidAt(receipt.paidAt)}</time>
        </dd>
        <dt className="text-muted">{L.paymentMethod}</dt>
        <dd>{receipt.paymentMethod}</dd>
      </dl>

      <div>
        <table className="w-full border-collapse text-sm">
          <caption className="pb-2 text-left font-semibold">{L.lines}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className={cell}>
                Beskrivelse
              </th>
              <th scope="col" className={number}>
                Mva.-sats
              </th>
              <th scope="col" className={number}>
                Beløp
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, index) => (
              <tr key={index} className="border-b border-slate-200">
                <td className={cell}>
                  {line.description}
                  <span className="block text-muted">{quantityText(line.quantity, line.unitPriceOre)}</span>
                </td>
                <td className={number}>{line.vatRateBp > 0 ? formatVatRate(line.vatRateBp) : 'Fritatt'}</td>
                <td className={number}>{formatKronerOre(line.amountOre)}</td>
              </tr>
            ))}
            {receipt.discount && (
              <tr className="border-b border-slate-200">
                <td className={cell} colSpan={2}>
                  {discountTitle(receipt.discount.code)}
                </td>
                <td className={number}>{formatKronerOre(-receipt.discount.amountOre)}</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className={cell} colSpan={2}>
                {L.total}
              </th>
              <td className={number}>{formatKronerOre(receipt.totalOre)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-2 text-sm text-muted">{L.currencyNote}</p>
      </div>

      <div>
        <table className="w-full border-collapse text-sm">
          <caption className="pb-2 text-left font-semibold">{L.vat}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className={cell}>
                Sats
              </th>
              <th scope="col" className={number}>
                Grunnlag
              </th>
              <th scope="col" className={number}>
                Mva.
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.vatByRate.map((rate) => (
              <tr key={rate.rateBp} className="border-b border-slate-200">
                <td className={cell}>{vatRateTitle(rate.rateBp)}</td>
                <td className={number}>{formatKronerOre(rate.baseOre)}</td>
                <td className={number}>{formatKronerOre(rate.vatOre)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className={cell} colSpan={2}>
                {L.vatTotal}
              </th>
              <td className={number}>{formatKronerOre(receipt.vatOre)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <section aria-labelledby="betaling">
        <h2 id="betaling" className="font-semibold">
          {L.payment}
        </h2>
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>{paidWithText(receipt.paymentMethod)}</dt>
          <dd className="text-right tabular-nums">{formatKronerOre(receipt.totalOre)}</dd>
          {receipt.refundedOre > 0 && (
            <>
              <dt className="font-semibold">{L.refunded}</dt>
              <dd className="text-right font-semibold tabular-nums">{formatKronerOre(-receipt.refundedOre)}</dd>
              <dt>{L.paidAfterRefund}</dt>
              <dd className="text-right tabular-nums">{formatKronerOre(receipt.totalOre - receipt.refundedOre)}</dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="angrerett" className="border-t border-slate-200 pt-4">
        <h2 id="angrerett" className="font-semibold">
          {L.withdrawal}
        </h2>
        <p className="mt-1 text-sm">{receipt.withdrawal}</p>
      </section>
    </article>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCoupon } from '../../schemas/admin-shop';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { QueryState } from '../../components/ui/QueryState';
import { formatCalendarDay, formatKroner, formatShortDateTime } from '../../lib/format';
import { OrderStatusBadge } from './OrderStatusBadge';
import { Field, FormErrors, fieldIssues, otherIssues, selectClass } from './form-parts';
import { couponQuery, couponsQuery, createCouponMutation, editCouponMutation } from './shop.queries';

/** '20 %' or '100 kr' off. */
const couponValue = (c: Pick<AdminCoupon, 'kind' | 'percentOff' | 'amountOffOre'>) =>
  c.kind === 'percent' ? `${c.percentOff} %` : formatKroner(c.amountOffOre ?? 0);

const windowText = (c: AdminCoupon) =>
  c.validUntilDate
    ? `${formatCalendarDay(c.validFromDate)} – ${formatCalendarDay(c.validUntilDate)}`
    : `fra ${formatCalendarDay(c.validFromDate)}, uten sluttdato`;

const usesText = (c: AdminCoupon) => (c.maxUses === null ? `Brukt ${c.usedCount} ganger (ingen grense)` : `Brukt ${c.usedCount} av ${c.maxUses}`);

/** Whole kroner as typed ('150' or '149,50') in øre, or NaN. */
function oreOf(kroner: string): number {
  const value = Number(kroner.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/**
 * The superuser's 'Rabattkoder' tab: every coupon with its value, product, window and uses so far,
 * a form that makes one (the code in any case; it is stored upper-case), and per coupon the orders
 * that used it and a dialog that edits its window and limit or deactivates it.
 */
export default function CouponsTab() {
  const coupons = useQuery(couponsQuery);
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [showing, setShowing] = useState<AdminCoupon | null>(null);
  return (
    <div className="grid gap-6">
      <Card asChild className="min-w-0">
        <section aria-labelledby="coupon-new-heading">
          <CardHeader>
            <CardTitle id="coupon-new-heading">Ny rabattkode</CardTitle>
            <CardDescription>Koden kan skrives med store eller små bokstaver; kjøperen kan skrive den hvordan som helst.</CardDescription>
          </CardHeader>
          <CardContent>{coupons.data ? <NewCouponForm products={coupons.data.products} /> : null}</CardContent>
        </section>
      </Card>
      <Card asChild className="min-w-0">
        <section aria-labelledby="coupons-heading">
          <CardHeader>
            <CardTitle id="coupons-heading">Rabattkoder</CardTitle>
            <CardDescription>Alle rabattkoder, nyeste først, med hvor mange ganger de er brukt.</CardDescription>
          </CardHeader>
          <CardContent>
            <QueryState
              query={coupons}
              loading="Laster rabattkoder …"
              error="Kunne ikke hente rabattkodene."
              isEmpty={(data) => data.coupons.length === 0}
              empty="Ingen rabattkoder ennå."
            >
              {(data) => (
                <ul className="grid gap-3" aria-label="Rabattkoder">
                  {data.coupons.map((coupon) => (
                    <li
                      key={coupon.id}
                      aria-label={coupon.code}
                      className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
                    >
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                          <span className="font-mono [overflow-wrap:anywhere]">{coupon.code}</span>
                          <span>{couponValue(coupon)} rabatt</span>
                          {coupon.active ? <Badge variant="secondary">Aktiv</Badge> : <Badge variant="outline">Deaktivert</Badge>}
                        </p>
                        <p className="text-sm text-muted [overflow-wrap:anywhere]">
                          {coupon.productTitle ?? 'Alle produkter'} · Gyldig {windowText(coupon)}
                        </p>
                        <p className="text-sm text-ink">
                          {usesText(coupon)} · {coupon.orderCount} {coupon.orderCount === 1 ? 'bestilling' : 'bestillinger'}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <Button variant="outline" size="sm" onClick={() => setShowing(coupon)}>
                          Vis bestillinger<span className="sr-only"> med {coupon.code}</span>
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setEditing(coupon)}>
                          Endre<span className="sr-only"> {coupon.code}</span>
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </CardContent>
        </section>
      </Card>
      {editing && <EditCouponDialog coupon={editing} onClose={() => setEditing(null)} />}
      {showing && <CouponOrdersDialog coupon={showing} onClose={() => setShowing(null)} />}
    </div>
  );
}

function NewCouponForm({ products }: { products: { id: string; title: string }[] }) {
  const client = useQueryClient();
  const create = useMutation(createCouponMutation(client));
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [productId, setProductId] = useState('');
  const [validFrom, setValidFrom] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const fields = ['code', 'kind', 'percentOff', 'amountOffOre', 'productId', 'validFrom', 'validUntil', 'maxUses'];
  return (
    <form
      aria-label="Ny rabattkode"
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const amount = kind === 'percent' ? { percentOff: Number(value) } : { amountOffOre: oreOf(value) };
        create.mutate(
          {
            code,
            kind,
            ...amount,
            productId: productId || null,
            ...(validFrom ? { validFrom } : {}),
            validUntil: validUntil || null,
            maxUses: maxUses ? Number(maxUses) : null,
          },
          {
            onSuccess: () => {
              setCode('');
              setValue('');
              setMaxUses('');
              setValidFrom('');
              setValidUntil('');
            },
          },
        );
      }}
    >
      <Field label="Kode" errors={fieldIssues(create.error, 'code')}>
        {(props) => <Input {...props} value={code} maxLength={40} autoComplete="off" onChange={(e) => setCode(e.target.value)} />}
      </Field>
      <Field label="Type rabatt" errors={fieldIssues(create.error, 'kind')}>
        {(props) => (
          <select {...props} className={selectClass} value={kind} onChange={(e) => setKind(e.target.value as 'percent' | 'amount')}>
            <option value="percent">Prosent</option>
            <option value="amount">Beløp i kroner</option>
          </select>
        )}
      </Field>
      <Field
        label={kind === 'percent' ? 'Prosent rabatt' : 'Kroner rabatt'}
        errors={[...fieldIssues(create.error, 'percentOff'), ...fieldIssues(create.error, 'amountOffOre')]}
      >
        {(props) => <Input {...props} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />}
      </Field>
      <Field label="Gjelder" errors={fieldIssues(create.error, 'productId')}>
        {(props) => (
          <select {...props} className={selectClass} value={productId} onChange={(e) => setProductId(e.target.value)}>
            <option value="">Alle produkter</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Gyldig fra" hint="Tom: fra i dag" errors={fieldIssues(create.error, 'validFrom')}>
        {(props) => <Input {...props} type="date" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} />}
      </Field>
      <Field label="Gyldig til og med" hint="Tom: uten sluttdato" errors={fieldIssues(create.error, 'validUntil')}>
        {(props) => <Input {...props} type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />}
      </Field>
      <Field label="Maks antall bruk" hint="Tom: ingen grense" errors={fieldIssues(create.error, 'maxUses')}>
        {(props) => <Input {...props} inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />}
      </Field>
      <div className="grid content-end gap-2">
        <FormErrors messages={otherIssues(create.error, fields)} />
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-fit">
          {create.isPending ? 'Oppretter...' : 'Opprett rabattkode'}
        </Button>
      </div>
    </form>
  );
}

function EditCouponDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const client = useQueryClient();
  const edit = useMutation(editCouponMutation(client));
  const [validFrom, setValidFrom] = useState(coupon.validFromDate);
  const [validUntil, setValidUntil] = useState(coupon.validUntilDate ?? '');
  const [maxUses, setMaxUses] = useState(coupon.maxUses === null ? '' : String(coupon.maxUses));
  const fields = ['validFrom', 'validUntil', 'maxUses', 'active'];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Endre {coupon.code}</DialogTitle>
          <DialogDescription>
            {couponValue(coupon)} rabatt på {coupon.productTitle ?? 'alle produkter'}. {usesText(coupon)}.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate(
              { id: coupon.id, edit: { validFrom, validUntil: validUntil || null, maxUses: maxUses ? Number(maxUses) : null } },
              { onSuccess: onClose },
            );
          }}
        >
          <Field label="Gyldig fra" errors={fieldIssues(edit.error, 'validFrom')}>
            {(props) => <Input {...props} type="date" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} />}
          </Field>
          <Field label="Gyldig til og med" hint="Tom: uten sluttdato" errors={fieldIssues(edit.error, 'validUntil')}>
            {(props) => <Input {...props} type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} />}
          </Field>
          <Field label="Maks antall bruk" hint="Tom: ingen grense" errors={fieldIssues(edit.error, 'maxUses')}>
            {(props) => <Input {...props} inputMode="numeric" value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />}
          </Field>
          <FormErrors messages={otherIssues(edit.error, fields)} />
          <DialogFooter className="flex-wrap gap-2">
            <Button
              variant={coupon.active ? 'destructive' : 'outline'}
              type="button"
              disabled={edit.isPending}
              onClick={() => edit.mutate({ id: coupon.id, edit: { active: !coupon.active } }, { onSuccess: onClose })}
            >
              {coupon.active ? 'Deaktiver' : 'Aktiver igjen'}
            </Button>
            <Button variant="outline" type="button" onClick={onClose} disabled={edit.isPending}>
              Avbryt
            </Button>
            <Button type="submit" disabled={edit.isPending}>
              {edit.isPending ? 'Lagrer...' : 'Lagre'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CouponOrdersDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const detail = useQuery(couponQuery(coupon.id));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Bestillinger med {coupon.code}</DialogTitle>
          <DialogDescription>{usesText(coupon)}. En bestilling som ikke ble betalt, gir bruken tilbake.</DialogDescription>
        </DialogHeader>
        <QueryState
          query={detail}
          loading="Laster bestillinger …"
          error="Kunne ikke hente bestillingene."
          isEmpty={(data) => data.orders.length === 0}
          empty="Ingen bestillinger har brukt koden ennå."
        >
          {(data) => (
            <ul className="grid max-h-96 gap-2 overflow-y-auto" aria-label={`Bestillinger med ${coupon.code}`}>
              {data.orders.map((order) => (
                <li key={order.id} className="grid gap-1 rounded-md border border-slate-200 p-2 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-ink [overflow-wrap:anywhere]">{order.buyerEmail}</span>
                    <OrderStatusBadge status={order.status} />
                  </p>
                  <p className="text-muted [overflow-wrap:anywhere]">
                    {order.title} · {formatKroner(order.totalOre)} (rabatt {formatKroner(order.discountOre)}) · {formatShortDateTime(order.createdAt)}
                    {order.receiptNumber !== null ? ` · kvittering ${order.receiptNumber}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Lukk
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

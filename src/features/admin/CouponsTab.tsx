import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type AdminCoupon, createCouponBody, editCouponBody } from '../../schemas/admin-shop';
import { COUPON_CODE_MAX } from '../../schemas/checkout';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Field, Form, FormError, TextField, useSchemaForm } from '../../components/ui/form';
import { QueryState } from '../../components/ui/QueryState';
import { applyServerIssues, isBadRequest } from '../../lib/form-errors';
import { formatCalendarDay, formatKroner, formatShortDateTime } from '../../lib/format';
import { OrderStatusBadge } from './OrderStatusBadge';
import { selectClass } from '../../components/ui/Input';
import { type CouponEdit, type CouponInput, couponQuery, couponsQuery, createCouponMutation, editCouponMutation } from './shop.queries';

// Anything but a 400 is the mutation's toast.
const toastedUnless400 = (error: unknown) => !isBadRequest(error);

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

/** The form's values are what was typed; `couponInput` makes the request the server checks. */
const couponFields = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentOff: z.string(),
  amountOffOre: z.string(),
  productId: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  maxUses: z.string(),
});
type CouponFields = z.input<typeof couponFields>;

const countOf = (typed: string) => (typed.trim() ? Number(typed) : null);

function couponInput(values: CouponFields): CouponInput {
  return {
    code: values.code,
    kind: values.kind,
    ...(values.kind === 'percent' ? { percentOff: Number(values.percentOff) } : { amountOffOre: oreOf(values.amountOffOre) }),
    productId: values.productId || null,
    ...(values.validFrom ? { validFrom: values.validFrom } : {}),
    validUntil: values.validUntil || null,
    maxUses: countOf(values.maxUses),
  };
}

// Each issue of the server's schema has the path of the field it is about.
const newCoupon = couponFields.transform((values): z.input<typeof createCouponBody> => couponInput(values)).pipe(createCouponBody);
const emptyCoupon: CouponFields = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOffOre: '',
  productId: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
};

function NewCouponForm({ products }: { products: { id: string; title: string }[] }) {
  const client = useQueryClient();
  const create = useMutation(createCouponMutation(client));
  const form = useSchemaForm(newCoupon, emptyCoupon);
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <Form
      form={form}
      aria-label="Ny rabattkode"
      className="grid gap-4 sm:grid-cols-2"
      onError={toastedUnless400}
      onSubmit={async (values) => {
        await create.mutateAsync(couponInput(values));
        form.reset({ ...emptyCoupon, kind: values.kind, productId: values.productId });
      }}
    >
      <TextField<CouponFields> name="code" label="Kode" maxLength={COUPON_CODE_MAX} autoComplete="off" />
      <Field<CouponFields> name="kind" label="Type rabatt">
        {(control) => (
          <select
            {...control}
            className={selectClass}
            onChange={(event) => {
              // The amount typed so far follows to the other kind's field.
              const [from, to] = kind === 'percent' ? (['percentOff', 'amountOffOre'] as const) : (['amountOffOre', 'percentOff'] as const);
              form.setValue(to, form.getValues(from));
              return control.onChange(event);
            }}
          >
            <option value="percent">Prosent</option>
            <option value="amount">Beløp i kroner</option>
          </select>
        )}
      </Field>
      {kind === 'percent' ? (
        <TextField<CouponFields> key="percentOff" name="percentOff" label="Prosent rabatt" inputMode="decimal" />
      ) : (
        <TextField<CouponFields> key="amountOffOre" name="amountOffOre" label="Kroner rabatt" inputMode="decimal" />
      )}
      <Field<CouponFields> name="productId" label="Gjelder">
        {(control) => (
          <select {...control} className={selectClass}>
            <option value="">Alle produkter</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField<CouponFields> name="validFrom" label="Gyldig fra" hint="Tom: fra i dag" type="date" />
      <TextField<CouponFields> name="validUntil" label="Gyldig til og med" hint="Tom: uten sluttdato" type="date" />
      <TextField<CouponFields> name="maxUses" label="Maks antall bruk" hint="Tom: ingen grense" inputMode="numeric" />
      <div className="grid content-end gap-2">
        <FormError className="rounded-none border-0 bg-transparent p-0" />
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-fit">
          {create.isPending ? 'Oppretter...' : 'Opprett rabattkode'}
        </Button>
      </div>
    </Form>
  );
}

const editFields = z.object({ validFrom: z.string(), validUntil: z.string(), maxUses: z.string() });
type EditFields = z.input<typeof editFields>;

const couponEdit = (values: EditFields): CouponEdit => ({
  validFrom: values.validFrom,
  validUntil: values.validUntil || null,
  maxUses: countOf(values.maxUses),
});
const editedCoupon = editFields.transform(couponEdit).pipe(editCouponBody);

function EditCouponDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const client = useQueryClient();
  const edit = useMutation(editCouponMutation(client));
  const form = useSchemaForm(editedCoupon, {
    validFrom: coupon.validFromDate,
    validUntil: coupon.validUntilDate ?? '',
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Endre {coupon.code}</DialogTitle>
          <DialogDescription>
            {couponValue(coupon)} rabatt på {coupon.productTitle ?? 'alle produkter'}. {usesText(coupon)}.
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          className="grid gap-4"
          onError={toastedUnless400}
          onSubmit={async (values) => {
            await edit.mutateAsync({ id: coupon.id, edit: couponEdit(values) });
            onClose();
          }}
        >
          <TextField<EditFields> name="validFrom" label="Gyldig fra" type="date" />
          <TextField<EditFields> name="validUntil" label="Gyldig til og med" hint="Tom: uten sluttdato" type="date" />
          <TextField<EditFields> name="maxUses" label="Maks antall bruk" hint="Tom: ingen grense" inputMode="numeric" />
          <FormError className="rounded-none border-0 bg-transparent p-0" />
          <DialogFooter className="flex-wrap gap-2">
            <Button
              variant={coupon.active ? 'destructive' : 'outline'}
              type="button"
              disabled={edit.isPending}
              onClick={() =>
                edit.mutate(
                  { id: coupon.id, edit: { active: !coupon.active } },
                  { onSuccess: onClose, onError: (error) => isBadRequest(error) && applyServerIssues(form, error) },
                )
              }
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
        </Form>
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { type AdminOrderDetail, kronerInput, refundOre } from './admin-orders';
import { refundMutation } from './orders.queries';
import { REFUND_REASON_MAX, refundBody } from '../../schemas/checkout';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/Dialog';
import { Field, Form, FormAlert, FormError, TextareaField, useSchemaForm } from '../../components/ui/form';
import { Input } from '../../components/ui/Input';
import { applyServerIssues, failureMessage, isBadRequest } from '../../lib/form-errors';
import { formatKroner } from '../../lib/format';

type Step = { kind: 'form' } | { kind: 'confirm'; amountOre: number; reason: string };

/** The amount is typed in kroner under the request's own name, so the server's issues about it land there. */
const refundFields = (refundableOre: number) =>
  z.object({
    amountOre: z
      .string()
      .transform((typed, ctx) => {
        const amount = refundOre(typed, refundableOre);
        if ('ore' in amount) return amount.ore;
        ctx.addIssue({ code: 'custom', message: amount.error });
        return z.NEVER;
      })
      .pipe(refundBody.shape.amountOre),
    reason: refundBody.shape.reason,
  });
type RefundFields = z.input<ReturnType<typeof refundFields>>;
const FIELDS = ['amountOre', 'reason'] as const;

/**
 * 'Refunder' on a paid or partly refunded order, confirmed before it is sent. The idempotency key is
 * made when the dialog opens and goes with every attempt, so a retry after a 503 never refunds twice.
 */
export function RefundDialog({ order }: { order: AdminOrderDetail }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const refund = useMutation(refundMutation(client, order.orderId));
  const schema = useMemo(() => refundFields(order.refundableOre), [order.refundableOre]);
  const form = useSchemaForm(schema, { amountOre: '', reason: '' });
  const question = useRef<HTMLParagraphElement>(null);

  // The confirmation's question is read out first; back in the form, focus goes to a refused field.
  useEffect(() => {
    if (step.kind === 'confirm') return question.current?.focus();
    const refused = FIELDS.find((name) => form.getFieldState(name).error);
    if (refused) form.setFocus(refused);
  }, [step.kind, form]);

  const onOpenChange = (next: boolean) => {
    if (next) {
      form.reset({ amountOre: '', reason: '' });
      setStep({ kind: 'form' });
      refund.reset();
      setKey(crypto.randomUUID());
    }
    setOpen(next);
  };

  const otherError = refund.error && !isBadRequest(refund.error) ? failureMessage(refund.error) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm">
          Refunder
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refunder ordre {order.reference}</DialogTitle>
          <DialogDescription>Inntil {formatKroner(order.refundableOre)} kan refunderes.</DialogDescription>
        </DialogHeader>
        {step.kind === 'form' ? (
          <Form
            form={form}
            className="grid gap-4"
            onSubmit={(values) => {
              refund.reset();
              setStep({ kind: 'confirm', ...schema.parse(values) });
            }}
          >
            <Field<RefundFields> name="amountOre" label="Beløp (kr)" hint="For eksempel 1 990 eller 1 990,50.">
              {(control) => (
                <div className="flex flex-wrap gap-2">
                  <Input {...control} className="min-w-0 flex-1 basis-40" inputMode="decimal" />
                  <Button variant="outline" onClick={() => form.setValue('amountOre', kronerInput(order.refundableOre))}>
                    Hele beløpet
                  </Button>
                </div>
              )}
            </Field>
            <TextareaField<RefundFields> name="reason" label="Begrunnelse" maxLength={REFUND_REASON_MAX} />
            <FormError className="rounded-none border-0 bg-transparent p-0" />
            <DialogFooter>
              <Button type="submit">Gå videre</Button>
            </DialogFooter>
          </Form>
        ) : (
          <div className="grid gap-4">
            <p ref={question} tabIndex={-1} className="text-ink outline-none">
              Refunder {formatKroner(step.amountOre)} til {order.buyerName}? En full refusjon fjerner tilgangen til kurset. Fremdriften beholdes.
            </p>
            <p className="text-sm text-muted [overflow-wrap:anywhere]">Begrunnelse: {step.reason}</p>
            <FormAlert message={otherError} />
            <DialogFooter>
              <Button variant="outline" disabled={refund.isPending} onClick={() => setStep({ kind: 'form' })}>
                Tilbake
              </Button>
              <Button
                variant="destructive"
                disabled={refund.isPending}
                onClick={() =>
                  refund.mutate(
                    { amountOre: step.amountOre, reason: step.reason, idempotencyKey: key },
                    {
                      onSuccess: () => setOpen(false),
                      // A field the server refused is fixed in the form; the same key goes with the next attempt.
                      onError: (error) => {
                        if (!isBadRequest(error)) return;
                        applyServerIssues(form, error, FIELDS);
                        setStep({ kind: 'form' });
                      },
                    },
                  )
                }
              >
                {refund.isPending ? 'Refunderer...' : 'Refunder'}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

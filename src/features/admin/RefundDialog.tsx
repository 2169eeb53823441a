import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type AdminOrderDetail, checkRefund, kronerInput } from './admin-orders';
import { refundMutation } from './orders.queries';
import { ApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/Dialog';
import { Input, Textarea } from '../../components/ui/Input';
import { Field, fieldIssues, FormErrors, otherIssues } from './form-parts';
import { formatKroner } from '../../lib/format';

type Step = { kind: 'form' } | { kind: 'confirm'; amountOre: number; reason: string };

/**
 * 'Refunder' on a paid or partly refunded order: the amount in kroner (checked here
 * against what is left, and again by the server), 'Hele beløpet', a required reason, then a
 * confirmation that says what a full refund does. The idempotency key is made when the dialog
 * opens and sent with every attempt of this refund, so a retry after a timeout or a 503 can never
 * refund twice; the next opening is a new refund with a new key.
 */
export function RefundDialog({ order }: { order: AdminOrderDetail }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const refund = useMutation(refundMutation(client, order.orderId));
  const question = useRef<HTMLParagraphElement>(null);

  // The confirmation replaces the form: move focus to its question, so it is read out first.
  useEffect(() => {
    if (step.kind === 'confirm') question.current?.focus();
  }, [step.kind]);

  const reset = () => {
    setAmount('');
    setReason('');
    setErrors({});
    setStep({ kind: 'form' });
    refund.reset();
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      reset();
      setKey(crypto.randomUUID());
    }
    setOpen(next);
  };

  const amountErrors = [...(errors.amount ? [errors.amount] : []), ...fieldIssues(refund.error, 'amountOre')];
  const reasonErrors = [...(errors.reason ? [errors.reason] : []), ...fieldIssues(refund.error, 'reason')];
  // A refusal that is not about a field (not paid, the provider did not answer): the server's sentence.
  const otherError =
    refund.error instanceof ApiError && refund.error.status !== 400 && refund.error.status !== 401
      ? [refund.error.bodyError ?? refund.error.message]
      : [];

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
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              refund.reset();
              const checked = checkRefund(amount, reason, order.refundableOre);
              if (!('amountOre' in checked)) return setErrors(checked);
              setErrors({});
              setStep({ kind: 'confirm', ...checked });
            }}
          >
            <Field label="Beløp (kr)" errors={amountErrors} hint="For eksempel 1 990 eller 1 990,50.">
              {(props) => (
                <div className="flex flex-wrap gap-2">
                  <Input
                    {...props}
                    className="min-w-0 flex-1 basis-40"
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                  <Button variant="outline" onClick={() => setAmount(kronerInput(order.refundableOre))}>
                    Hele beløpet
                  </Button>
                </div>
              )}
            </Field>
            <Field label="Begrunnelse" errors={reasonErrors}>
              {(props) => <Textarea {...props} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}
            </Field>
            <FormErrors messages={otherIssues(refund.error, ['amountOre', 'reason'])} />
            <DialogFooter>
              <Button type="submit">Gå videre</Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="grid gap-4">
            <p ref={question} tabIndex={-1} className="text-ink outline-none">
              Refunder {formatKroner(step.amountOre)} til {order.buyerName}? En full refusjon fjerner tilgangen til kurset. Fremdriften beholdes.
            </p>
            <p className="text-sm text-muted [overflow-wrap:anywhere]">Begrunnelse: {step.reason}</p>
            <FormErrors messages={otherError} />
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
                      // A field the server refused is fixed in the form (the same key goes with the next attempt).
                      onError: (error) => {
                        if (error instanceof ApiError && error.status === 400) setStep({ kind: 'form' });
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

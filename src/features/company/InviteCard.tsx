import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { EmailAddress } from '../../components/ui/EmailAddress';
import { Field, Form, FormError, useSchemaForm } from '../../components/ui/form';
import { Label, Textarea } from '../../components/ui/Input';
import { expireOnUnauthorized } from '../../lib/session-expired';
import { invitationPreviewBody } from '../../schemas/company';
import { buySeatsUrl, type InvitePreview, previewInvitations, sendInvitationsMutation } from './company.queries';
import { sendLabel } from './company-rules';
import { CompanySection } from './CompanySection';

/** The largest file read in the browser: 500 addresses in a CSV with a few columns fit easily. */
const MAX_FILE_BYTES = 1_000_000;

type InviteList = z.input<typeof invitationPreviewBody>;
/** With a file chosen, an empty list is no mistake: the server checks the two together. */
const listBesideFile = z.object({ text: z.string() });

/**
 * 'Inviter ansatte': a pasted list and/or a CSV file (read in the browser as text), 'Se over' asks
 * the server which rows are valid, wrong, repeated or already members (nothing is sent), then
 * 'Send N invitasjoner' sends the valid ones.
 */
export function InviteCard({ companyId, freeSeats }: { companyId: string; freeSeats: number }) {
  const id = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useMutation(sendInvitationsMutation(client, companyId));
  const form = useSchemaForm(file ? listBesideFile : invitationPreviewBody, { text: '' });
  const checking = form.formState.isSubmitting;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setPreview(null);
    setFileError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    if (chosen.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError('Filen er for stor. Del den opp, eller lim inn adressene.');
      return;
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
      form.clearErrors('text');
    } catch {
      setFile(null);
      setFileError('Kunne ikke lese filen. Prøv igjen, eller lim inn adressene.');
    }
  };

  const removeFile = () => {
    setFile(null);
    setPreview(null);
    if (fileInput.current) fileInput.current.value = '';
    fileInput.current?.focus();
  };

  const check = async ({ text }: InviteList) => {
    setSentMessage(null);
    const input = [text.trim(), file?.text.trim() ?? ''].filter(Boolean).join('\n');
    try {
      setPreview(await previewInvitations(companyId, input));
    } catch (error) {
      setPreview(null);
      throw error;
    }
  };

  const sendAll = () => {
    if (!preview) return;
    send.mutate(
      preview.valid.map((row) => row.email),
      {
        onSuccess: (result) => {
          setSentMessage(result.message);
          setPreview(null);
          form.reset({ text: '' });
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  return (
    <CompanySection
      title="Inviter ansatte"
      description={`Dere har ${freeSeats === 1 ? '1 ledig plass' : `${freeSeats} ledige plasser`}. Hver ansatt får en e-post med en lenke for å ta imot plassen.`}
    >
      <Form form={form} onSubmit={check} onError={expireOnUnauthorized} className="grid gap-4">
        <Field<InviteList>
          name="text"
          label="E-postadresser"
          hint="Én adresse per linje, eller skilt med komma eller semikolon. Opptil 500 om gangen."
        >
          {({ onChange, ...control }) => (
            <Textarea
              {...control}
              rows={5}
              placeholder={'kari@bedrift.no\nola@bedrift.no'}
              onChange={(event) => {
                setPreview(null);
                return onChange(event);
              }}
            />
          )}
        </Field>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-file`}>Eller last opp en CSV-fil</Label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => void chooseFile(event)}
            aria-describedby={fileError ? `${id}-file-hint ${id}-file-error` : `${id}-file-hint`}
            aria-invalid={fileError ? true : undefined}
            className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
          />
          <p id={`${id}-file-hint`} className="text-sm text-muted">
            En kolonne med e-postadresser holder. Filen leses her i nettleseren.
          </p>
          {file && (
            <p className="flex flex-wrap items-center gap-x-3 text-sm text-ink">
              <span>Valgt fil: {file.name}</span>
              <button type="button" className="font-semibold text-brand-700 underline" onClick={removeFile}>
                Fjern filen
              </button>
            </p>
          )}
          {fileError && (
            <p id={`${id}-file-error`} className="text-sm text-danger">
              {fileError}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" variant="secondary" disabled={checking}>
            {checking ? 'Ser over …' : 'Se over'}
          </Button>
        </div>
        <FormError />
        <div aria-live="polite" className="grid gap-4">
          {sentMessage && <p className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-ink">{sentMessage}</p>}
          {preview && <PreviewResult preview={preview} buySeats={buySeatsUrl(companyId)} />}
        </div>
        {preview && (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" onClick={sendAll} disabled={preview.valid.length === 0 || preview.tooMany || send.isPending}>
              {send.isPending ? 'Sender …' : sendLabel(preview.valid.length)}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setPreview(null)}>
              Avbryt
            </Button>
          </div>
        )}
      </Form>
    </CompanySection>
  );
}

/** What the server found in the list, before anything is sent. */
function PreviewResult({ preview, buySeats }: { preview: InvitePreview; buySeats: string }) {
  const { valid, invalid, duplicates, existing, freeSeats, tooMany } = preview;
  return (
    <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm" data-testid="invite-preview">
      <h3 className="font-semibold text-ink">{valid.length === 1 ? '1 adresse kan inviteres' : `${valid.length} adresser kan inviteres`}</h3>
      {tooMany && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-ink">
          Dere har {freeSeats === 1 ? '1 ledig plass' : `${freeSeats} ledige plasser`}, men listen har {valid.length} nye adresser.{' '}
          <a href={buySeats} className="font-semibold text-brand-700 underline">
            Kjøp flere plasser
          </a>{' '}
          eller ta bort noen adresser.
        </p>
      )}
      {valid.length > 0 && (
        <ul className="grid gap-0.5 text-ink" aria-label="Adresser som kan inviteres">
          {valid.map((row) => (
            <li key={`${row.row}-${row.email}`}>
              <EmailAddress email={row.email} />
            </li>
          ))}
        </ul>
      )}
      {invalid.length > 0 && (
        <PreviewGroup title={`Ugyldige (${invalid.length})`}>
          {invalid.map((row) => (
            <li key={`i-${row.row}`}>
              Rad {row.row}: <EmailAddress email={row.value || '(tom)'} /> – {row.reason}
            </li>
          ))}
        </PreviewGroup>
      )}
      {duplicates.length > 0 && (
        <PreviewGroup title={`Dubletter (${duplicates.length})`}>
          {duplicates.map((row) => (
            <li key={`d-${row.row}`}>
              Rad {row.row}: <EmailAddress email={row.email} /> står allerede i listen
            </li>
          ))}
        </PreviewGroup>
      )}
      {existing.length > 0 && (
        <PreviewGroup title={`Allerede med (${existing.length})`}>
          {existing.map((row) => (
            <li key={`e-${row.row}`}>
              Rad {row.row}: <EmailAddress email={row.email} /> – {row.reason}
            </li>
          ))}
        </PreviewGroup>
      )}
    </div>
  );
}

function PreviewGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="font-semibold text-ink">{title}</h4>
      <ul className="mt-1 grid gap-0.5 text-muted">{children}</ul>
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { Field, Form, FormError, limitsResolver } from '../../components/ui/form';
import { Input } from '../../components/ui/Input';
import { isBadRequest } from '../../lib/form-errors';
import { conversationTitleMessages } from '../../schemas/chat-rules';
import type { Conversation } from '../../schemas/chat';
import { toast } from '../../stores/toast';
import { changeConversation, chatToasts, CONVERSATION_TITLE_MAX, conversationsQuery, renameConversationMutation } from './chat.queries';

type RenameFields = { title: string };
const checkTitle = limitsResolver<RenameFields>({ title: { max: CONVERSATION_TITLE_MAX, messages: conversationTitleMessages } });

/**
 * A conversation's name edited in place: Enter saves, Escape cancels. Its own chunk, loaded on the
 * first rename, so the forms library stays out of the panel most people open only to ask.
 */
export default function RenameConversation({ conversation, title, onDone }: { conversation: Conversation; title: string; onDone: () => void }) {
  const client = useQueryClient();
  const form = useForm<RenameFields>({ defaultValues: { title }, resolver: checkTitle, shouldFocusError: false });
  const name = useWatch({ control: form.control, name: 'title' });
  const rename = useMutation({
    ...renameConversationMutation,
    onSuccess: (renamed) => {
      client.setQueryData(conversationsQuery.queryKey, (data) => changeConversation(data, renamed));
      onDone();
    },
    onError: (error) => isBadRequest(error) || toast(chatToasts.renameFailed),
  });

  useEffect(() => form.setFocus('title', { shouldSelect: true }), [form]);

  return (
    <Form
      form={form}
      className="flex flex-wrap items-start gap-1"
      onError={(error) => !isBadRequest(error)}
      onSubmit={async (values) => {
        const next = values.title.trim();
        if (next === title) return onDone();
        await rename.mutateAsync({ id: conversation.id, title: next });
      }}
    >
      <Field<RenameFields> name="title" label={<span className="sr-only">Nytt navn på samtalen</span>} className="min-w-0 flex-1 gap-0">
        {(control) => (
          <Input
            {...control}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                // Cancels the edit only; the panel stays open.
                event.stopPropagation();
                onDone();
              }
            }}
            maxLength={CONVERSATION_TITLE_MAX}
            className="h-8 px-2 py-1 text-sm"
            autoComplete="off"
          />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={!name.trim() || rename.isPending}>
        {rename.isPending ? 'Lagrer...' : 'Lagre'}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Avbryt
      </Button>
      <FormError className="basis-full p-2" />
    </Form>
  );
}

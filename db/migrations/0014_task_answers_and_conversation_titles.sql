CREATE TABLE "task_answers" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"question" smallint NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_answers_user_id_lesson_id_question_pk" PRIMARY KEY("user_id","lesson_id","question"),
	CONSTRAINT "task_answers_question_range" CHECK ("task_answers"."question" BETWEEN 0 AND 50),
	CONSTRAINT "task_answers_answer_length" CHECK (char_length("task_answers"."answer") BETWEEN 1 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "task_answers" ADD CONSTRAINT "task_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "task_answers" ADD CONSTRAINT "task_answers_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "task_answers_lesson_id_idx" ON "task_answers" USING btree ("lesson_id");
--> statement-breakpoint
-- Conversations still called 'Ny samtale' that have questions get the name of their first question,
-- as new ones do from now on (src/server/chat-title.ts: one line, no < or >, a capital first letter,
-- at most 60 characters, cut at a word with '…').
UPDATE "chat_conversations" AS c SET "title" = named.title
FROM (
	SELECT DISTINCT ON (m.conversation_id) m.conversation_id,
		CASE WHEN char_length(q.text) <= 60 THEN upper(left(q.text, 1)) || substr(q.text, 2)
			ELSE upper(left(q.text, 1)) || substr(rtrim(regexp_replace(left(q.text, 59), '\s+\S*$', ''), ' ,.;:!?-'), 2) || '…'
		END AS title
	FROM "chat_messages" AS m
	CROSS JOIN LATERAL (SELECT btrim(regexp_replace(m.content, '[\s<>]+', ' ', 'g')) AS text) AS q
	WHERE m.role = 'user' AND q.text <> ''
	ORDER BY m.conversation_id, m.created_at, m.id
) AS named
WHERE named.conversation_id = c.id AND c.title = 'Ny samtale';

-- Issue 29: the sandbox bank's orders shared by replicas (see the schema), and live events that can be replayed.
CREATE TABLE "sandbox_bank_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order" jsonb NOT NULL,
	"decided" boolean DEFAULT false NOT NULL,
	"created_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_bank_orders_created_idx" ON "sandbox_bank_orders" USING btree ("created_ts");--> statement-breakpoint
-- A new message's notice now carries the message id: it is the stream's event id, so a browser
-- that reconnects (Last-Event-ID) or an instance whose LISTEN connection was down can replay what
-- it missed from the messages table. A session that ends (log-out, password reset, purge) tells
-- every instance at once, so a stream does not outlive its session on any replica.
CREATE OR REPLACE FUNCTION rendime_live_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  SELECT sender_id, receiver_id INTO t FROM message_threads WHERE id = NEW.thread_id;
  PERFORM pg_notify('rendime_live', json_build_object('userId', t.sender_id, 'threadId', NEW.thread_id, 'fromUserId', NEW.user_id, 'messageId', NEW.id)::text);
  PERFORM pg_notify('rendime_live', json_build_object('userId', t.receiver_id, 'threadId', NEW.thread_id, 'fromUserId', NEW.user_id, 'messageId', NEW.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rendime_live_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rendime_live', json_build_object('userId', OLD.user_id, 'sessionEnded', OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_live_end AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION rendime_live_session_end();

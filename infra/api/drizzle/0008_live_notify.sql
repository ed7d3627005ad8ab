-- Live updates (issue 13): every writer of messages, threads and notifications tells the API
-- instances listening on 'rendime_live' whose unread counts may have changed, so writers that
-- insert directly (booking, comments, contracts) need no code of their own. Payloads are small
-- JSON: {"userId":…} and, for a new message, the thread and the writer. PostgreSQL delivers them
-- on commit and folds identical payloads of one transaction into one.
CREATE OR REPLACE FUNCTION rendime_live_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  SELECT sender_id, receiver_id INTO t FROM message_threads WHERE id = NEW.thread_id;
  PERFORM pg_notify('rendime_live', json_build_object('userId', t.sender_id, 'threadId', NEW.thread_id, 'fromUserId', NEW.user_id)::text);
  PERFORM pg_notify('rendime_live', json_build_object('userId', t.receiver_id, 'threadId', NEW.thread_id, 'fromUserId', NEW.user_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_live_notify AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION rendime_live_message();
--> statement-breakpoint
-- A thread marked seen (or unseen) changes its party's message count.
CREATE OR REPLACE FUNCTION rendime_live_thread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seen_by_sender IS DISTINCT FROM OLD.seen_by_sender THEN
    PERFORM pg_notify('rendime_live', json_build_object('userId', NEW.sender_id)::text);
  END IF;
  IF NEW.seen_by_receiver IS DISTINCT FROM OLD.seen_by_receiver THEN
    PERFORM pg_notify('rendime_live', json_build_object('userId', NEW.receiver_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_threads_live_notify AFTER UPDATE ON message_threads FOR EACH ROW EXECUTE FUNCTION rendime_live_thread();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rendime_live_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.read IS DISTINCT FROM OLD.read THEN
    PERFORM pg_notify('rendime_live', json_build_object('userId', NEW.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_live_notify AFTER INSERT OR UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION rendime_live_notification();

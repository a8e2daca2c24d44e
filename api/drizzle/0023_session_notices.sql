-- Each API process keeps the session check's answer (a user's row, a session's revocation) in memory while it
-- listens on 'grocer_sessions' (services/auth/sessionCache.ts). These triggers tell it what changed, whoever
-- wrote: the API, another replica or an operator in psql. The payload is the user's uuid; '*' (a TRUNCATE,
-- which names no rows) means every user. NOTIFY is delivered at commit, and not at all on rollback.
CREATE FUNCTION "grocer_session_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('grocer_sessions', '*');
	ELSIF TG_TABLE_NAME = 'revoked_sessions' THEN
		PERFORM pg_notify('grocer_sessions', NEW."user_uuid"::text);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('grocer_sessions', OLD."uuid"::text);
	ELSE
		PERFORM pg_notify('grocer_sessions', NEW."uuid"::text);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_notice" AFTER INSERT OR UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "grocer_session_notice"();--> statement-breakpoint
CREATE TRIGGER "users_truncate_session_notice" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "grocer_session_notice"();--> statement-breakpoint
CREATE TRIGGER "revoked_sessions_session_notice" AFTER INSERT ON "revoked_sessions"
	FOR EACH ROW EXECUTE FUNCTION "grocer_session_notice"();

-- Each API process keeps the stores' rules (a store with its opening hours, services/stores/rulesCache.ts) in
-- memory while it listens on 'grocer_stores'. These triggers tell it what changed, whoever wrote: the API, another
-- replica or an operator in psql. The payload is the store's id; '*' (a TRUNCATE, which names no rows) means every
-- store. An update of a stores row notifies only when a column the rules carry changed: the maintained product
-- count changes with the catalogue, and telling every process of it would only empty their caches for nothing.
-- NOTIFY is delivered at commit (one notice per distinct payload per transaction), and not at all on rollback.
CREATE FUNCTION "grocer_store_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('grocer_stores', '*');
	ELSIF TG_TABLE_NAME = 'stores' THEN
		IF TG_OP <> 'INSERT' THEN
			PERFORM pg_notify('grocer_stores', OLD."id"::text);
		END IF;
		IF TG_OP <> 'DELETE' THEN
			PERFORM pg_notify('grocer_stores', NEW."id"::text);
		END IF;
	ELSE
		IF TG_OP <> 'INSERT' THEN
			PERFORM pg_notify('grocer_stores', OLD."store_id"::text);
		END IF;
		IF TG_OP <> 'DELETE' THEN
			PERFORM pg_notify('grocer_stores', NEW."store_id"::text);
		END IF;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stores_insert_delete_store_notice" AFTER INSERT OR DELETE ON "stores"
	FOR EACH ROW EXECUTE FUNCTION "grocer_store_notice"();--> statement-breakpoint
-- The columns of StoreWithRules (services/stores/rules.ts): a column added there belongs here too.
CREATE TRIGGER "stores_update_store_notice" AFTER UPDATE ON "stores"
	FOR EACH ROW WHEN (
		(OLD."id", OLD."uuid", OLD."name", OLD."zip", OLD."time_zone", OLD."min_order_cents", OLD."delivery_radius_miles",
			OLD."window_capacity", OLD."low_stock_threshold")
		IS DISTINCT FROM
		(NEW."id", NEW."uuid", NEW."name", NEW."zip", NEW."time_zone", NEW."min_order_cents", NEW."delivery_radius_miles",
			NEW."window_capacity", NEW."low_stock_threshold")
	) EXECUTE FUNCTION "grocer_store_notice"();--> statement-breakpoint
CREATE TRIGGER "stores_truncate_store_notice" AFTER TRUNCATE ON "stores"
	FOR EACH STATEMENT EXECUTE FUNCTION "grocer_store_notice"();--> statement-breakpoint
CREATE TRIGGER "store_hours_store_notice" AFTER INSERT OR UPDATE OR DELETE ON "store_hours"
	FOR EACH ROW EXECUTE FUNCTION "grocer_store_notice"();--> statement-breakpoint
CREATE TRIGGER "store_hours_truncate_store_notice" AFTER TRUNCATE ON "store_hours"
	FOR EACH STATEMENT EXECUTE FUNCTION "grocer_store_notice"();

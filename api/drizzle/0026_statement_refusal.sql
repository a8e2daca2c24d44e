-- Placing an order is one statement (services/orders/place.ts): the order's rows are inserted, the held
-- windows booked and the stock taken by data-modifying CTEs, so no transaction holds the windows' and
-- products' locks across round trips. A statement cannot undo part of itself, so when a window is full or a
-- product ran out it calls this function, whose error rolls back the whole statement. SQLSTATE GR409 (ours)
-- tells the API it was a refusal, not a failure; DETAIL carries what was refused, as JSON.
CREATE FUNCTION "grocer_refuse"("detail" jsonb) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RAISE EXCEPTION 'refused: %', "detail"::text USING ERRCODE = 'GR409', DETAIL = "detail"::text;
END
$$;

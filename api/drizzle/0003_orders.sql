CREATE TABLE "checkout_intents" (
	"order_reference" uuid PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"paypal_order_id" text,
	"items" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"delivery_fee_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"delivery_street" text NOT NULL,
	"delivery_apartment" text,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"delivery_zip" text NOT NULL,
	"delivery_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_intents_paypal_order_id_unique" UNIQUE("paypal_order_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_order_type_recipient_uq" UNIQUE("order_id","type","recipient")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_uuid" uuid NOT NULL,
	"product_name" text NOT NULL,
	"store_uuid" uuid NOT NULL,
	"store_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_product_uq" UNIQUE("order_id","product_uuid"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_tracking" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"recorded_by" uuid,
	"client_timestamp" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tracking_order_status_uq" UNIQUE("order_id","status")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"order_number" text GENERATED ALWAYS AS ('GR-' || lpad("orders"."seq"::text, greatest(6, length("orders"."seq"::text)), '0')) STORED NOT NULL,
	"tracking_number" text NOT NULL,
	"user_uuid" uuid NOT NULL,
	"paypal_order_id" text NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payment_status" text DEFAULT 'PENDING' NOT NULL,
	"paypal_capture_id" text,
	"paypal_capture_status" text,
	"paypal_captured_cents" integer,
	"paypal_captured_currency" text,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"service_fee_cents" integer NOT NULL,
	"delivery_fee_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"customer_first_name" text NOT NULL,
	"customer_last_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"delivery_street" text NOT NULL,
	"delivery_apartment" text,
	"delivery_city" text NOT NULL,
	"delivery_state" text NOT NULL,
	"delivery_zip" text NOT NULL,
	"delivery_instructions" text,
	"delivery_minutes" integer NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_seq_unique" UNIQUE("seq"),
	CONSTRAINT "orders_tracking_number_unique" UNIQUE("tracking_number"),
	CONSTRAINT "orders_total_cents_check" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_intents" ADD CONSTRAINT "checkout_intents_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_recorded_by_users_uuid_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_intents_user_idx" ON "checkout_intents" USING btree ("user_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_paypal_order_id_idx" ON "orders" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_idx" ON "orders" USING btree ("user_uuid","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_seq_idx" ON "orders" USING btree ("user_uuid","seq" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_quantity_check" CHECK ("products"."stock_quantity" >= 0);
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"store_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"image" text NOT NULL,
	"price_cents" integer NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_extra" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "products"."name"), 'A') || setweight(to_tsvector('simple'::regconfig, "products"."search_extra"), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "store_category_counts" (
	"store_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"active_product_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_category_counts_store_id_category_id_pk" PRIMARY KEY("store_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"logo" text NOT NULL,
	"active_product_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "stores_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_category_counts" ADD CONSTRAINT "store_category_counts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_category_counts" ADD CONSTRAINT "store_category_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_store_name_idx" ON "products" USING btree ("store_id","is_active","name","id");--> statement-breakpoint
CREATE INDEX "products_store_price_idx" ON "products" USING btree ("store_id","is_active","price_cents","name","id");--> statement-breakpoint
CREATE INDEX "products_store_category_name_idx" ON "products" USING btree ("store_id","category_id","is_active","name","id");--> statement-breakpoint
CREATE INDEX "products_store_category_price_idx" ON "products" USING btree ("store_id","category_id","is_active","price_cents","name","id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
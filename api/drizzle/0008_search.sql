CREATE INDEX "products_label_idx" ON "products" USING btree (lower(split_part("name", ',', 1)));

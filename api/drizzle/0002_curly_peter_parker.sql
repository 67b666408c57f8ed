CREATE INDEX "anuncios_status_region_proposito_idx" ON "anuncios" USING btree ("status","region","proposito");--> statement-breakpoint
CREATE INDEX "anuncios_status_place_proposito_idx" ON "anuncios" USING btree ("status","place","proposito");--> statement-breakpoint
CREATE INDEX "anuncios_status_moneda_price_idx" ON "anuncios" USING btree ("status","moneda","price");--> statement-breakpoint
CREATE INDEX "anuncios_status_propiedad_habitaciones_idx" ON "anuncios" USING btree ("status","propiedad","habitaciones");
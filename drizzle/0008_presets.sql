CREATE TABLE "preset_versions" (
	"preset_id" text NOT NULL,
	"number" integer NOT NULL,
	"variant" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preset_versions_preset_id_number_pk" PRIMARY KEY("preset_id","number"),
	CONSTRAINT "preset_versions_variant_unique" UNIQUE("variant"),
	CONSTRAINT "preset_versions_number_positive" CHECK ("preset_versions"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"slug" text NOT NULL,
	"author_id" text NOT NULL,
	"name" text NOT NULL,
	"rules_text" text DEFAULT '' NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presets_slug_unique" UNIQUE("slug"),
	CONSTRAINT "presets_latest_version_positive" CHECK ("presets"."latest_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "preset_versions" ADD CONSTRAINT "preset_versions_preset_id_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."presets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presets_author_id_idx" ON "presets" USING btree ("author_id");
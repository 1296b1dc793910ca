CREATE TABLE "api_usage" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"key_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"result_count" integer NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_search" (
	"board_id" text NOT NULL,
	"query_key" text NOT NULL,
	"searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_search_query_key_board_id_pk" PRIMARY KEY("query_key","board_id")
);
--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_usage_user_idx" ON "api_usage" USING btree ("user_id","created_at");
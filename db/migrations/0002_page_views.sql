CREATE TABLE "daily_visitors" (
	"day" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "daily_visitors_day_visitor_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"day" text NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_path_referrer_host_utm_source_utm_medium_utm_campaign_device_pk" PRIMARY KEY("day","path","referrer_host","utm_source","utm_medium","utm_campaign","device")
);

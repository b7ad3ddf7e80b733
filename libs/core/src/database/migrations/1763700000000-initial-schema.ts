import { MigrationInterface, QueryRunner } from 'typeorm';

/** The initial schema: every entity of spec §3, with its enumerations, constraints and query indexes. */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE "public"."user_role" AS ENUM('owner', 'service_provider', 'customer', 'guest')`);
    await q.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "username" character varying(64) NOT NULL, "password" character varying(255) NOT NULL, "role" "public"."user_role" NOT NULL DEFAULT 'guest', "profileData" jsonb NOT NULL DEFAULT '{}', "credits" integer NOT NULL DEFAULT '0', "subscriptionTier" character varying(32) NOT NULL DEFAULT 'free', "subscriptionStatus" character varying(32) NOT NULL DEFAULT 'none', "subscriptionExpiresAt" TIMESTAMP WITH TIME ZONE, "stripeCustomerId" character varying(255), "stripeSubscriptionId" character varying(255), "lastLoginAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "service_providers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "companyName" character varying(200) NOT NULL, "serviceTypes" jsonb NOT NULL, "verified" boolean NOT NULL DEFAULT false, "availableCredits" integer NOT NULL DEFAULT '10', "totalCreditsUsed" integer NOT NULL DEFAULT '0', "totalCreditsPurchased" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "REL_1198a9c099e292b51ae75dcb11" UNIQUE ("userId"), CONSTRAINT "service_providers_credits_not_negative" CHECK ("availableCredits" >= 0), CONSTRAINT "PK_73c86f1298c5285d76e66da2da9" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TYPE "public"."credit_transaction_type" AS ENUM('purchase', 'admin_adjustment', 'event_creation', 'promotion', 'refund')`,
    );
    await q.query(
      `CREATE TABLE "credit_transactions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid, "serviceProviderId" uuid NOT NULL, "amount" integer NOT NULL, "transactionType" "public"."credit_transaction_type" NOT NULL, "description" character varying(500) NOT NULL DEFAULT '', "stripePaymentIntentId" character varying(255), "metadata" jsonb NOT NULL DEFAULT '{}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a408319811d1ab32832ec86fc2c" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "credit_transactions_payment_intent_once" ON "credit_transactions"("stripePaymentIntentId") WHERE "stripePaymentIntentId" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "credit_transactions_provider_created" ON "credit_transactions"("serviceProviderId", "createdAt") `,
    );
    await q.query(`CREATE TYPE "public"."event_status" AS ENUM('draft', 'live', 'completed', 'expired')`);
    await q.query(`CREATE TYPE "public"."event_type" AS ENUM('memorial', 'wedding', 'general')`);
    await q.query(
      `CREATE TYPE "public"."event_template" AS ENUM('classic_wedding', 'modern_wedding', 'elegant_funeral', 'celebration_of_life', 'corporate_event', 'birthday_party', 'custom')`,
    );
    await q.query(
      `CREATE TYPE "public"."event_theme_type" AS ENUM('light', 'dark', 'elegant', 'vibrant', 'minimal', 'classic', 'modern')`,
    );
    await q.query(`CREATE TYPE "public"."event_language" AS ENUM('en', 'zh')`);
    await q.query(
      `CREATE TYPE "public"."moderation_type" AS ENUM('auto_approve', 'ai_moderation', 'manual_moderation')`,
    );
    await q.query(`CREATE TYPE "public"."animation_style" AS ENUM('horizontal', 'vertical', 'random')`);
    await q.query(`CREATE TYPE "public"."display_order" AS ENUM('newest', 'oldest', 'random')`);
    await q.query(
      `CREATE TABLE "events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(200) NOT NULL, "slug" character varying(220) NOT NULL, "eventCode" character varying(10), "serviceProviderId" uuid, "status" "public"."event_status" NOT NULL DEFAULT 'draft', "eventType" "public"."event_type" NOT NULL DEFAULT 'general', "template" "public"."event_template" NOT NULL DEFAULT 'custom', "themeType" "public"."event_theme_type" NOT NULL DEFAULT 'light', "eventImage" character varying(2048), "wallImage" character varying(2048), "wallTitle" character varying(200), "eventDate" TIMESTAMP WITH TIME ZONE, "eventEndDate" TIMESTAMP WITH TIME ZONE, "defaultLanguage" "public"."event_language" NOT NULL DEFAULT 'en', "moderationType" "public"."moderation_type" NOT NULL DEFAULT 'auto_approve', "numberOfImagesDisplay" integer NOT NULL DEFAULT '3', "transitionTime" integer NOT NULL DEFAULT '20', "animationStyle" "public"."animation_style" NOT NULL DEFAULT 'horizontal', "displayOrder" "public"."display_order" NOT NULL DEFAULT 'newest', "backgroundImage" character varying(2048), "colorTheme" character varying(32) NOT NULL DEFAULT 'default', "fontFamily" character varying(64) NOT NULL DEFAULT 'inter', "accentColor" character varying(32), "enableMusic" boolean NOT NULL DEFAULT true, "isPublished" boolean NOT NULL DEFAULT false, "customData" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_05bd884c03d3f424e2204bd14cd" UNIQUE ("slug"), CONSTRAINT "UQ_dd537cf4a6d6a63c666f65dbbd5" UNIQUE ("eventCode"), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "events_provider_created" ON "events"("serviceProviderId", "createdAt") `);
    await q.query(
      `CREATE TABLE "event_admins" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "eventId" uuid NOT NULL, "userId" uuid NOT NULL, "permissions" jsonb NOT NULL DEFAULT '{"canModerate":true,"canEditTheme":true,"canEditDetails":false}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "event_admins_user_event" UNIQUE ("userId", "eventId"), CONSTRAINT "PK_59289309fbe2d2335cfd04535fc" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "event_admins_event" ON "event_admins"("eventId") `);
    await q.query(`CREATE TYPE "public"."memory_type" AS ENUM('message', 'photo', 'drawing')`);
    await q.query(`CREATE TYPE "public"."memory_processing_state" AS ENUM('processing', 'ready', 'failed')`);
    await q.query(
      `CREATE TABLE "memories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "eventId" uuid NOT NULL, "type" "public"."memory_type" NOT NULL DEFAULT 'message', "content" text NOT NULL, "title" character varying(200), "author" character varying(100) NOT NULL, "approved" boolean NOT NULL DEFAULT false, "featured" boolean NOT NULL DEFAULT false, "flagged" boolean NOT NULL DEFAULT false, "language" character varying(8) NOT NULL DEFAULT 'en', "photoCaption" character varying(500), "settings" jsonb, "processingState" "public"."memory_processing_state" NOT NULL DEFAULT 'processing', "moderation" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_aaa0692d9496fe827b0568612f8" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "memories_processing" ON "memories"("createdAt") WHERE "processingState" = 'processing'`,
    );
    await q.query(`CREATE INDEX "memories_event_created" ON "memories"("eventId", "createdAt") `);
    await q.query(
      `CREATE INDEX "memories_wall" ON "memories"("eventId", "createdAt") WHERE "approved" AND NOT "flagged"`,
    );
    await q.query(
      `CREATE TABLE "settings" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(64) NOT NULL, "value" text NOT NULL, CONSTRAINT "UQ_ca7857276d2a30f4dcfa0e42cd4" UNIQUE ("name"), CONSTRAINT "PK_0669fe20e252eb692bf4d344975" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `ALTER TABLE "service_providers" ADD CONSTRAINT "FK_1198a9c099e292b51ae75dcb11f" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "credit_transactions" ADD CONSTRAINT "FK_2121be176f72337ccf7cc4ef04e" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "credit_transactions" ADD CONSTRAINT "FK_2b3494275a6624b46d20929e0a0" FOREIGN KEY ("serviceProviderId") REFERENCES "service_providers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_ca90bd54be9e4052c673cb5931f" FOREIGN KEY ("serviceProviderId") REFERENCES "service_providers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "event_admins" ADD CONSTRAINT "FK_c3f93df175eadb600c0ca47d207" FOREIGN KEY ("eventId") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "event_admins" ADD CONSTRAINT "FK_203464426221bd4a887b1a6448a" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "memories" ADD CONSTRAINT "FK_629f80699e505181d2b915ee43f" FOREIGN KEY ("eventId") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "memories" DROP CONSTRAINT "FK_629f80699e505181d2b915ee43f"`);
    await q.query(`ALTER TABLE "event_admins" DROP CONSTRAINT "FK_203464426221bd4a887b1a6448a"`);
    await q.query(`ALTER TABLE "event_admins" DROP CONSTRAINT "FK_c3f93df175eadb600c0ca47d207"`);
    await q.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_ca90bd54be9e4052c673cb5931f"`);
    await q.query(`ALTER TABLE "credit_transactions" DROP CONSTRAINT "FK_2b3494275a6624b46d20929e0a0"`);
    await q.query(`ALTER TABLE "credit_transactions" DROP CONSTRAINT "FK_2121be176f72337ccf7cc4ef04e"`);
    await q.query(`ALTER TABLE "service_providers" DROP CONSTRAINT "FK_1198a9c099e292b51ae75dcb11f"`);
    await q.query(`DROP TABLE "settings"`);
    await q.query(`DROP INDEX "public"."memories_wall"`);
    await q.query(`DROP INDEX "public"."memories_event_created"`);
    await q.query(`DROP INDEX "public"."memories_processing"`);
    await q.query(`DROP TABLE "memories"`);
    await q.query(`DROP TYPE "public"."memory_processing_state"`);
    await q.query(`DROP TYPE "public"."memory_type"`);
    await q.query(`DROP INDEX "public"."event_admins_event"`);
    await q.query(`DROP TABLE "event_admins"`);
    await q.query(`DROP INDEX "public"."events_provider_created"`);
    await q.query(`DROP TABLE "events"`);
    await q.query(`DROP TYPE "public"."display_order"`);
    await q.query(`DROP TYPE "public"."animation_style"`);
    await q.query(`DROP TYPE "public"."moderation_type"`);
    await q.query(`DROP TYPE "public"."event_language"`);
    await q.query(`DROP TYPE "public"."event_theme_type"`);
    await q.query(`DROP TYPE "public"."event_template"`);
    await q.query(`DROP TYPE "public"."event_type"`);
    await q.query(`DROP TYPE "public"."event_status"`);
    await q.query(`DROP INDEX "public"."credit_transactions_provider_created"`);
    await q.query(`DROP INDEX "public"."credit_transactions_payment_intent_once"`);
    await q.query(`DROP TABLE "credit_transactions"`);
    await q.query(`DROP TYPE "public"."credit_transaction_type"`);
    await q.query(`DROP TABLE "service_providers"`);
    await q.query(`DROP TABLE "users"`);
    await q.query(`DROP TYPE "public"."user_role"`);
  }
}

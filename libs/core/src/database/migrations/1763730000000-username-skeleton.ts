import { MigrationInterface, QueryRunner } from 'typeorm';
import { usernameSkeleton } from '../../users/username-skeleton';

/**
 * The skeleton of each username, unique, so that two accounts cannot have confusable names even when they
 * register at the same moment. Existing accounts whose names are already confusable keep them: the oldest
 * gets the bare skeleton (and so blocks new look-alikes), the others a skeleton made unique by their id.
 */
export class UsernameSkeleton1763730000000 implements MigrationInterface {
  name = 'UsernameSkeleton1763730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" ADD "usernameSkeleton" character varying(256)`);
    const users = (await q.query(`SELECT "id", "username" FROM "users" ORDER BY "createdAt", "id"`)) as {
      id: string;
      username: string;
    }[];
    const seen = new Set<string>();
    for (const { id, username } of users) {
      const skeleton = usernameSkeleton(username);
      await q.query(`UPDATE "users" SET "usernameSkeleton" = $1 WHERE "id" = $2`, [
        seen.has(skeleton) ? `${skeleton}#${id}` : skeleton,
        id,
      ]);
      seen.add(skeleton);
    }
    await q.query(`ALTER TABLE "users" ALTER COLUMN "usernameSkeleton" SET NOT NULL`);
    await q.query(`ALTER TABLE "users" ADD CONSTRAINT "UQ_users_usernameSkeleton" UNIQUE ("usernameSkeleton")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "users" DROP CONSTRAINT "UQ_users_usernameSkeleton"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "usernameSkeleton"`);
  }
}

import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type KyselyPlugin, type PluginTransformQueryArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-database.ts';
import {
  IdentityRepository,
  type ProjectRecord,
  type UserListQuery,
} from './identity-repository.ts';

let testDb: TestDatabase;
let repository: IdentityRepository;
const projectId = randomUUID();
const userIds: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  repository = new IdentityRepository(testDb.database.db);
  await repository.insertProject({
    id: projectId,
    displayName: 'Plans',
    config: {} as ProjectRecord['config'],
  });
  for (let index = 0; index < 5; index++) {
    const id = randomUUID();
    await repository.insertUser({ id, projectId });
    userIds.push(id);
  }
});
afterAll(async () => {
  await testDb?.dispose();
});

/** Records the queries a repository sends, so a test can ask the planner about exactly them. */
function queryRecorder() {
  const queries: PluginTransformQueryArgs[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      queries.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { queries, plugin };
}

/**
 * The plan of the page query `listUsers` sends. Sequential scans and sorts are priced out, so a
 * sort can only remain when no index gives the page's order; a table this small would otherwise
 * be read whole and sorted whatever indexes exist.
 */
async function pagePlan(options: Partial<UserListQuery>): Promise<string> {
  const { db } = testDb.database;
  const recorder = queryRecorder();
  await new IdentityRepository(db.withPlugin(recorder.plugin)).listUsers(projectId, {
    limit: 2,
    orderBy: 'last_active_at',
    desc: false,
    includeAnonymous: false,
    includeRestricted: false,
    ...options,
  });
  const compiled = recorder.queries
    .map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId))
    .find((query) => /order by/i.test(query.sql))!;
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the user list by last activity', () => {
  it.each([
    { order: 'oldest first', desc: false, hasCursor: false },
    { order: 'newest first', desc: true, hasCursor: false },
    { order: 'oldest first, after a cursor', desc: false, hasCursor: true },
    { order: 'newest first, after a cursor', desc: true, hasCursor: true },
  ])('reads a page ($order) from an index, without sorting', async ({ desc, hasCursor }) => {
    const plan = await pagePlan({ desc, cursor: hasCursor ? userIds[1] : undefined });
    expect(plan).toMatch(
      /Index Scan.* using identity_users_project_last_active_idx on identity_users/,
    );
    expect(plan).not.toMatch(/\bSort\b/);
    // The cursor bounds the index scan itself rather than filtering the rows it returns.
    if (hasCursor) expect(plan).toMatch(/Index Cond: .*ROW\(last_active_at, id\)/);
  });
});

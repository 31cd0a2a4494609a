import { findFreePort } from '@playtime/shared/infra/db/embedded-postgres';
import { accessTokenFor } from '../../support/api-client';
import { forEachLimited, setUpUsers, type BenchUser } from '../e2e/accounts';
import { startAppProcess, type AppHost } from '../e2e/app-host';
import { BenchHttp, type HttpAnswer } from '../e2e/http';
import { createDatabase } from './postgres';
import type { BenchContext } from './section';
import { appEnvironment } from '../../support/app-environment';

const HOUR = 3_600_000;

export function ok(answer: HttpAnswer, what: string): void {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
}

/** The standalone app with one owner's field of many sub-fields, open for two weeks from tomorrow, and bench users. */
export interface BenchVenue {
  app: AppHost;
  /** The app's database (its event log and read models). */
  databaseUrl: string;
  api: BenchHttp;
  owner: string;
  ownerId: string;
  admin: string;
  /** `users` accounts, the last `captains` of them made captains. */
  users: BenchUser[];
  fieldId: string;
  subFieldIds: string[];
  /** Midnight UTC of the first day with availability. */
  firstDay: number;
  close(): Promise<void>;
}

export async function openBenchVenue(
  context: BenchContext,
  name: string,
  options: { users: number; captains: number; subFields: number; freeRental?: boolean },
): Promise<BenchVenue> {
  const database = await createDatabase(context.serverUrl, name);
  let app: AppHost | null = null;
  try {
    const port = await findFreePort();
    app = await startAppProcess(appEnvironment(database.url, port, { LOG_LEVEL: 'warn', SEED_DEMO: 'false' }));
    const api = new BenchHttp(app.url, 64);
    const owner = await accessTokenFor(app.url, 'owner@playtime.test');
    const admin = await accessTokenFor(app.url, 'admin@playtime.test');
    const ownerId = (JSON.parse((await api.request('GET', '/api/get-user', owner)).body) as { userId: string }).userId;
    const { users } = await setUpUsers(app.url, database.url, options.users, context.log);
    await forEachLimited(users.slice(users.length - options.captains), 8, async (captain) =>
      ok(
        await api.request('POST', '/api/admin-edit-user', admin, { userId: captain.userId, role: 'captain' }),
        'make a captain',
      ),
    );
    const field = await api.request('POST', '/api/add-field', owner, {
      name: `${name} park`,
      description: '',
      address: '1 Main St',
      zipCode: '10001',
      city: 'New York',
      price: 40,
      picture: '',
    });
    ok(field, 'add-field');
    const fieldId = (JSON.parse(field.body) as { fieldId: string }).fieldId;
    if (options.freeRental)
      ok(
        await api.request('POST', '/api/set-field-policy', admin, {
          fieldId,
          cancellationWindowHours: null,
          freeRental: true,
        }),
        'free rentals',
      );
    const firstDay = Math.ceil((Date.now() + 24 * HOUR) / (24 * HOUR)) * 24 * HOUR;
    const subFieldIds: string[] = [];
    for (let index = 0; index < options.subFields; index++) {
      const added = await api.request('POST', '/api/add-subfield', owner, {
        masterFieldId: fieldId,
        name: `Pitch ${index}`,
      });
      ok(added, 'add-subfield');
      subFieldIds.push(added.body);
    }
    await forEachLimited(subFieldIds, 8, async (subFieldId) =>
      ok(
        await api.request('POST', '/api/add-field-schedule', owner, {
          subFieldId,
          startDate: new Date(firstDay).toISOString(),
          endDate: new Date(firstDay + 14 * 24 * HOUR).toISOString(),
        }),
        'add-field-schedule',
      ),
    );
    const running = app;
    return {
      app: running,
      databaseUrl: database.url,
      api,
      owner,
      ownerId,
      admin,
      users,
      fieldId,
      subFieldIds,
      firstDay,
      async close() {
        api.close();
        await running.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await app?.stop();
    await database.drop();
    throw error;
  }
}

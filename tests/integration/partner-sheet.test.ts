/**
 * Partner applications from a published spreadsheet, served by a local HTTP server as Google Sheets
 * would serve it: the repeating job reads it at start, an admin reads it again now; rows become
 * applications once however often (and however concurrently) it is read, bad rows are reported by
 * number, and an unpublished or unreachable sheet is reported in words an admin can act on.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerApplicationRow, PartnerSheetStatus } from '@playtime/shared/contract/partners';
import { PostgresEventStore } from '@playtime/shared/infra/eventstore/postgres/postgres-event-store';
import { importPartnerSheet } from '@playtime/command-api/partners/sheet-import';
import { demoClients } from '../support/accounts';
import { ApiClient } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/standalone-app';
import { sheetMinutesWithNoReadSoon } from '../support/partner-applications';

const HEADER = 'Contact name,Email,Phone,Field name,Address,Zip Code,City,Number of sub-fields,Message';
const CSV = [
  HEADER,
  'Pat Green,pat@greenfields.test,(212) 555-0100,Green Fields,9 Park Ave,10016,New York,3,Two floodlit pitches',
  'Lee Stone,lee@stonepark.test,(718) 555-0199,Stone Park,20 Bay St,11201,Brooklyn,2,',
  'Sam Blue,sam-at-bluepark,(212) 555-0101,Blue Park,1 Main St,10001,New York,1,',
].join('\n');
const HTML = `<!doctype html><html><body><table>
  <tr><th>Contact name</th><th>Email</th><th>Phone</th><th>Field name</th><th>Address</th><th>Zip Code</th><th>City</th><th>Number of sub-fields</th></tr>
  <tr><td>Pat Green</td><td>PAT@greenfields.test</td><td>(212) 555-0100</td><td>Green Fields</td><td>9 Park Ave</td><td>10016</td><td>New York</td><td>3</td></tr>
  <tr><td>Ada Lane</td><td>ada@lanefields.test</td><td>(512) 555-0123</td><td>Lane Fields</td><td>5 Congress Ave</td><td>78701</td><td>Austin</td><td>4</td></tr>
</table></body></html>`;

describe('partner applications from a published spreadsheet', () => {
  let server: Server;
  let sheetUrl: string;
  let serving: { status: number; type: string; body: string } = { status: 200, type: 'text/csv', body: CSV };
  let app: TestApp;
  let admin: ApiClient;
  let player: ApiClient;

  const sheet = () => admin.read<PartnerSheetStatus>('/api/admin/partner-sheet');
  const applications = async () => {
    const answer = await admin.get('/api/admin/partner-applications?page=0&pageSize=50');
    return answer.json as PartnerApplicationRow[];
  };
  const importNow = async () => {
    const answer = await admin.post('/api/admin/import-partner-sheet', {});
    expect(answer.status, answer.text).toBe(200);
    return answer.json as { imported: number; duplicates: number; errors: unknown[]; failure: string | null };
  };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(serving.status, { 'content-type': serving.type });
      res.end(serving.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    sheetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/published/sheet`;
    app = await startTestApp({ PARTNER_SHEET_URL: sheetUrl, PARTNER_SHEET_MINUTES: sheetMinutesWithNoReadSoon() });
    [admin, player] = await demoClients(app.url, 'admin', 'player');
  }, 120_000);

  afterAll(async () => {
    await app?.dispose();
    server?.close();
  });

  it('imports the sheet when the app starts, reporting the bad row by its number', async () => {
    await expect.poll(async () => (await sheet()).last, { timeout: 30_000 }).not.toBeNull();
    const status = await sheet();
    expect(status).toEqual({
      url: sheetUrl,
      last: {
        at: expect.any(String),
        rows: 3,
        imported: 2,
        duplicates: 0,
        failure: null,
        errors: [{ row: 4, message: 'Enter an email address like name@example.com.' }],
      },
    });
    await expect
      .poll(async () => (await applications()).map((row) => row.contactName).sort(), { timeout: 15_000 })
      .toEqual(['Lee Stone', 'Pat Green']);
  });

  it('adds nothing twice, however often and however concurrently it is read', async () => {
    const runs = await Promise.all(Array.from({ length: 6 }, () => importNow()));
    expect(runs.every((run) => run.imported === 0 && run.duplicates === 2 && run.errors.length === 1)).toBe(true);
    expect((await applications()).map((row) => row.contactName).sort()).toEqual(['Lee Stone', 'Pat Green']);
  });

  it('reads an HTML table too: a known row (its email in other case) is the same application, a new one is added', async () => {
    serving = { status: 200, type: 'text/html; charset=utf-8', body: HTML };
    expect(await importNow()).toMatchObject({ imported: 1, duplicates: 1, errors: [], failure: null });
    await expect
      .poll(async () => (await applications()).map((row) => row.contactName).sort(), { timeout: 15_000 })
      .toEqual(['Ada Lane', 'Lee Stone', 'Pat Green']);
  });

  it('reports a sheet that is not published, or cannot be reached, and keeps the applications', async () => {
    serving = { status: 404, type: 'text/plain', body: 'Not Found' };
    expect(await importNow()).toMatchObject({
      rows: 0,
      failure: 'The sheet answered HTTP 404 Not Found: check that it is published and the address is right.',
    });
    await expect.poll(async () => (await sheet()).last?.failure, { timeout: 15_000 }).toMatch(/HTTP 404/);

    // A port nothing listens on any more.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const store = await PostgresEventStore.connect(app.databaseUrl);
    try {
      const unreachable = await importPartnerSheet(
        { store, now: () => new Date() },
        `http://127.0.0.1:${port}/sheet.csv`,
      );
      expect(unreachable.failure).toMatch(/^The sheet could not be reached \(.*ECONNREFUSED.*\)\.$/);
    } finally {
      await store.close();
    }
    expect(await applications()).toHaveLength(3);
  });

  it('lets only admins read the import or run it', async () => {
    expect((await player.get('/api/admin/partner-sheet')).status).toBe(403);
    expect((await player.post('/api/admin/import-partner-sheet', {})).status).toBe(403);
    expect((await new ApiClient(app.url, null).post('/api/admin/import-partner-sheet', {})).status).toBe(401);
  });
});

/**
 * What the booking flow's plumbing alone costs on this machine: the same number of HTTP calls per
 * booking from the same number of captains, and the same number of database statements per booking,
 * against a server with no product logic at all (plumbing-floor-server.ts). No real app can book faster
 * than this floor, so it shows how much of the bookings target's budget the calls and round trips
 * themselves take before any rule is checked, any event is written or any read model is updated.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { startCpuMeasure, type CpuShare } from '../support/cpu-share';
import { npmStartNodeFlags } from '../support/npm-start';
import { createDatabase } from '../support/postgres';
import { postmasterPid, processTreeCpuMs } from '../support/process-cpu';
import type { BenchContext } from '../support/section';
import { nowMs } from '../support/timing';
import { BenchHttp } from '../e2e/http';
import { ok } from '../support/venue';
import type { FloorServerReply, FloorServerRequest } from './plumbing-floor-server';

export interface PlumbingFloor {
  callsPerBooking: number;
  statementsPerBooking: number;
  seconds: number;
  bookingsPerSecond: number;
  cpu: CpuShare;
  /** The machine's CPU per booking, in milliseconds. */
  machineMsPerBooking: number;
}

/** `statements` spread over `calls` as evenly as they go, the first calls taking one more. */
function statementsPerCall(calls: number, statements: number): number[] {
  return Array.from(
    { length: calls },
    (_, index) => Math.floor(statements / calls) + (index < statements % calls ? 1 : 0),
  );
}

export async function measurePlumbingFloor(
  context: BenchContext,
  shape: { captains: number; callsPerBooking: number; statementsPerBooking: number; seconds: number },
): Promise<PlumbingFloor> {
  const database = await createDatabase(context.serverUrl, 'floor');
  const child = fork(path.join(import.meta.dirname, 'plumbing-floor-server.ts'), [], {
    execArgv: [...npmStartNodeFlags(), '--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (reply: FloorServerReply) =>
        reply.type === 'listening' ? resolve(reply.port) : reject(new Error(`plumbing floor server: ${reply.error}`)),
      );
      child.once('exit', (code) => reject(new Error(`plumbing floor server exited (code ${code})`)));
      child.send({ databaseUrl: database.url } satisfies FloorServerRequest);
    });
    const api = new BenchHttp(`http://127.0.0.1:${port}`, 64);
    const perCall = statementsPerCall(shape.callsPerBooking, shape.statementsPerBooking);
    // A body the size of a hold's or a checkout's.
    const body = {
      subFieldId: 'f5d1c0de-0000-4000-8000-000000000000',
      startDate: new Date().toISOString(),
      endDate: new Date().toISOString(),
      price: 4000,
    };
    const book = async () => {
      for (const statements of perCall)
        ok(await api.request('POST', `/statements/${statements}`, 'plumbing-floor', body), 'plumbing floor call');
    };
    await book(); // the first call prepares the statement and opens connections
    const cpu = startCpuMeasure(await postmasterPid(context.serverUrl));
    const serverCpuStart = processTreeCpuMs(child.pid!);
    const started = nowMs();
    const deadline = started + shape.seconds * 1000;
    let bookings = 0;
    await Promise.all(
      Array.from({ length: shape.captains }, async () => {
        while (nowMs() < deadline) {
          await book();
          bookings++;
        }
      }),
    );
    const seconds = (nowMs() - started) / 1000;
    const share = cpu.stop(processTreeCpuMs(child.pid!) - serverCpuStart);
    api.close();
    return {
      callsPerBooking: shape.callsPerBooking,
      statementsPerBooking: shape.statementsPerBooking,
      seconds,
      bookingsPerSecond: bookings / seconds,
      cpu: share,
      machineMsPerBooking: (share.machine * seconds * 1000) / Math.max(1, bookings),
    };
  } finally {
    if (child.connected) child.disconnect();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    await database.drop();
  }
}

/**
 * A field's followers (spec §2 Organize wizard, Select Time): someone picking a time on a pitch (here the
 * admin, at phone width) sees the slot another captain holds and books turn from Free to Unavailable while
 * they look, without a reload. The field's room hears the hold and the booking from the bookings read
 * model; the game made from the booking no longer tells it (it shows nothing of the game).
 */
import { describe, it } from 'vitest';
import { expectAccessible, payByCard, PHONE, screenshot } from './support/browser';
import { openPitch, selectSlot, type WizardPitch } from './support/screens';
import { addPitchAround, hhmm, nextGameStart, sameUtcDay } from './support/slots';
import { browserSuite } from './support/suite';

/** The booked hour: from the next half hour plus an hour, so the watcher sees free slots around it. */
const gameStart = nextGameStart(2);
const PITCH: WizardPitch = { search: 'Follower', field: /Follower Park/, subField: 'Pitch A' };

describe('a field followed while it is booked', () => {
  const suite = browserSuite();
  it("shows a slot another captain books taken in the watcher's Select Time, live, at phone width", async () => {
    await addPitchAround(await suite.api('owner'), { name: 'Follower Park', address: '2 Follower St' }, gameStart);
    const watcher = await suite.signedInPage('admin@playtime.test', { timezoneId: 'UTC', viewport: PHONE });
    await watcher.goto(suite.url('/organize/games'));
    await openPitch(watcher, PITCH);
    if (!sameUtcDay(gameStart, Date.now())) await watcher.getByRole('button', { name: 'Next day' }).click();
    await watcher.getByRole('option', { name: `${hhmm(gameStart)} Free` }).waitFor();
    await screenshot(watcher, 'field-followers-before-phone');

    const captain = await suite.signedInPage('captain@playtime.test', { timezoneId: 'UTC' });
    await captain.goto(suite.url('/organize/games'));
    await selectSlot(captain, PITCH, gameStart);
    await captain.getByRole('button', { name: 'Done' }).click();
    await captain.getByLabel('Game Name').waitFor();
    await captain.getByRole('button', { name: 'Done' }).click();
    await captain.getByText('$40.00').first().waitFor();
    await captain.getByRole('button', { name: 'Confirm', exact: true }).last().click();
    await payByCard(captain, '$40.00');
    await captain.getByText('Game Created').waitFor({ timeout: 30_000 });
    await screenshot(captain, 'field-followers-booked-desktop');

    await watcher.getByRole('option', { name: `${hhmm(gameStart)} Unavailable` }).waitFor({ timeout: 15_000 });
    await screenshot(watcher, 'field-followers-after-phone');
    await expectAccessible(watcher);
  });
});

/** The ways through the app's screens that several browser suites take the same way (with the mouse). */
import type { Page } from 'playwright-core';
import { hhmm, sameUtcDay } from './slots';

/** The field owner's Schedule Management timeline, from any page, once its first availability tile shows. */
export async function openOwnerTimeline(owner: Page): Promise<void> {
  await owner.getByRole('link', { name: 'Field Management' }).first().click();
  await owner.getByRole('tab', { name: 'Schedule Management' }).click();
  await owner
    .getByRole('button', { name: /^Available · / })
    .first()
    .waitFor();
}

/** Where the organize wizard's Select Field step finds a pitch: the venue search, the field, the sub-field. */
export interface WizardPitch {
  search: string;
  field: RegExp;
  subField: string;
}

/** From Upcoming Games through Select Field to the pitch's half-hour slots. */
export async function openPitch(captain: Page, pitch: WizardPitch): Promise<void> {
  await captain.getByRole('button', { name: 'Create New Game' }).click();
  await captain.getByLabel('Venue name').fill(pitch.search);
  await captain.getByRole('button', { name: pitch.field }).click();
  await captain.getByRole('button', { name: pitch.subField }).click();
}

/** From Upcoming Games to the free slot at `start` on the pitch, selected (on the next day's list when it is tomorrow, UTC). */
export async function selectSlot(captain: Page, pitch: WizardPitch, start: number): Promise<void> {
  await openPitch(captain, pitch);
  if (!sameUtcDay(start, Date.now())) await captain.getByRole('button', { name: 'Next day' }).click();
  await captain.getByRole('option', { name: `${hhmm(start)} Free` }).click();
}

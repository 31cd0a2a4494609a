import { Router, type Request } from 'express';
import { z } from 'zod';
import { FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS, fieldDecider, fieldFormProblems, SUBFIELD_NAME_MAX_LENGTH, type FieldForm } from '@playtime/shared/domain/fields/decider';
import { fieldStream, type Coordinates } from '@playtime/shared/domain/fields/events';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { GeocoderUnavailableError, type Geocoder } from '@playtime/shared/infra/geocoding/port';
import { runCommand, type CommandDependencies } from '../http/run-command';
import { findSubField, type ReadModelDependencies } from './read-model';

export type FieldCommandDependencies = CommandDependencies & ReadModelDependencies & { resolveUser: ResolveUser; geocoder: Geocoder };

/** Form texts: a missing or null value is an empty one, which the form rules then name. */
const formText = z
  .string({ error: 'Must be text' })
  .nullish()
  .transform((value) => value ?? '');
const id = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100);

const fieldForm = z.object({
  name: formText,
  address: formText,
  zipCode: formText,
  city: formText,
  // Dollars per hour as the form sends them: a number, or digits typed into a text box.
  price: z.union([z.number(), z.string(), z.null()], { error: 'Price must be a number' }).optional(),
  description: formText,
  picture: formText,
});
const editFieldBody = fieldForm.extend({ fieldId: id('fieldId') });
const fieldIdBody = z.object({ fieldId: id('fieldId') });
const addSubFieldBody = z.object({
  masterFieldId: id('masterFieldId'),
  name: formText.pipe(z.string().trim().max(SUBFIELD_NAME_MAX_LENGTH, `A sub-field name can be at most ${SUBFIELD_NAME_MAX_LENGTH} characters`)),
});
const subFieldIdBody = z.object({ subFieldId: id('subFieldId') });

/** Dollars to integer cents; a missing price is 0, which the form rules call missing. NaN when it is not a number. */
function priceInCents(price: number | string | null | undefined): number {
  if (price === undefined || price === null || (typeof price === 'string' && price.trim() === '')) return 0;
  const dollars = typeof price === 'number' ? price : Number(price.trim());
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN;
}

/** The form as the domain reads it, or a 400 naming every bad form field with the spec's messages. */
function validForm(body: z.infer<typeof fieldForm>): FieldForm {
  const form: FieldForm = {
    name: body.name,
    address: body.address,
    zipCode: body.zipCode,
    city: body.city,
    pricePerHourCents: priceInCents(body.price),
    description: body.description,
    picture: body.picture,
  };
  const problems = fieldFormProblems(form);
  if (Number.isNaN(form.pricePerHourCents)) problems.price = 'Price must be a number';
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new ApiError(400, 'invalid_request', first, problems);
  return form;
}

/** Where the field is. A ZIP code the geocoder does not know is refused: search by distance needs a place. */
async function coordinatesOf(geocoder: Geocoder, zipCode: string): Promise<Coordinates> {
  const place = await geocoder.geocodeZip(zipCode.trim()).catch((error: unknown) => {
    if (error instanceof GeocoderUnavailableError) {
      throw new ApiError(503, 'geocoder_unavailable', 'We cannot look up ZIP codes right now. Please try again in a minute.');
    }
    throw error;
  });
  if (!place) throw new ApiError(422, 'unknown_zip', `We could not find the ZIP code ${zipCode.trim()}. Check it and try again.`, { zipCode: 'Unknown ZIP code' });
  return { latitude: place.latitude, longitude: place.longitude };
}

const actorIsAdmin = (req: Request) => req.user!.role === 'admin';

/** Commands on fields and sub-fields (spec §7 field calls), for field owners and admins. */
export function fieldCommandRoutes(deps: FieldCommandDependencies): Router {
  const router = Router();
  const fieldManager = requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS);

  router.post('/api/add-field', fieldManager, async (req, res) => {
    const form = validForm(parseBody(fieldForm, req.body));
    const coordinates = await coordinatesOf(deps.geocoder, form.zipCode);
    const fieldId = deps.newId();
    await runCommand(deps, req, res, fieldDecider, fieldStream(fieldId), { type: 'AddField', fieldId, form, coordinates });
    res.json({ ok: true, fieldId });
  });

  router.post('/api/edit-field', fieldManager, async (req, res) => {
    const body = parseBody(editFieldBody, req.body);
    const form = validForm(body);
    const coordinates = await coordinatesOf(deps.geocoder, form.zipCode);
    await runCommand(deps, req, res, fieldDecider, fieldStream(body.fieldId), { type: 'EditField', form, coordinates, actorIsAdmin: actorIsAdmin(req) });
    res.json({ ok: true });
  });

  router.post('/api/delete-field', fieldManager, async (req, res) => {
    const { fieldId } = parseBody(fieldIdBody, req.body);
    await runCommand(deps, req, res, fieldDecider, fieldStream(fieldId), { type: 'DeleteField', actorIsAdmin: actorIsAdmin(req) });
    res.json({ ok: true });
  });

  // The spec's client reads the new sub-field's id from the body as text.
  router.post('/api/add-subfield', fieldManager, async (req, res) => {
    const body = parseBody(addSubFieldBody, req.body);
    const outcome = await runCommand(deps, req, res, fieldDecider, fieldStream(body.masterFieldId), {
      type: 'AddSubField',
      name: body.name,
      actorIsAdmin: actorIsAdmin(req),
    });
    const added = outcome.events.find((event) => event.type === 'SubFieldAdded');
    if (!added) throw new Error('AddSubField decided no SubFieldAdded event');
    res.status(200).type('text/plain').send(added.data.subFieldId);
  });

  router.post('/api/delete-subfield', fieldManager, async (req, res) => {
    const { subFieldId } = parseBody(subFieldIdBody, req.body);
    const subField = await findSubField(deps, subFieldId);
    if (!subField) throw new ApiError(404, 'subfield_not_found', 'There is no sub-field with this id.');
    await runCommand(deps, req, res, fieldDecider, fieldStream(subField.fieldId), { type: 'RemoveSubField', subFieldId, actorIsAdmin: actorIsAdmin(req) });
    res.json({ ok: true });
  });

  return router;
}

import { Router, type Request } from 'express';
import type { z } from 'zod';
import {
  addFieldBody,
  addSubFieldBody,
  editFieldBody,
  fieldIdBody,
  setFieldPolicyBody,
  subFieldIdBody,
  toFieldForm,
  type FieldForm,
} from '@playtime/shared/contract/fields';
import { fieldDecider } from '@playtime/shared/domain/fields/decider';
import { ONLY_FIELD_OWNERS } from '@playtime/shared/domain/fields/messages';
import { FIELD_MANAGER_ROLES } from '@playtime/shared/domain/fields/rules';
import { fieldStream, type Coordinates } from '@playtime/shared/domain/fields/events';
import { NO_SUCH_SUBFIELD } from '@playtime/shared/domain/availability/messages';
import { requireUser, type ResolveUser } from '@playtime/shared/infra/http/current-user';
import { ApiError, parseBody } from '@playtime/shared/infra/http/errors';
import { GeocoderUnavailableError, type Geocoder } from '@playtime/shared/infra/geocoding/port';
import { newIdFor, runCommand, type CommandDependencies } from '../http/run-command';
import { findSubField } from '@playtime/shared/game-loop/sub-fields';
import { deleteField, removeSubField } from './sub-field-lifecycle';

export type FieldCommandDependencies = CommandDependencies & { resolveUser: ResolveUser; geocoder: Geocoder };

/**
 * The body read with the contract's form schema (the web validates with the same one), or a 400
 * naming every bad form field; a form's refusal reads as the spec's message alone.
 */
function parseForm<Body extends z.output<typeof addFieldBody>>(
  schema: z.ZodType<Body>,
  body: unknown,
): Body & { form: FieldForm } {
  try {
    const parsed: Body = parseBody(schema, body);
    return { ...parsed, form: toFieldForm(parsed) };
  } catch (error) {
    if (error instanceof ApiError && error.fields)
      throw new ApiError(error.status, error.code, Object.values(error.fields)[0]!, error.fields);
    throw error;
  }
}

/** Where the field is. A ZIP code the geocoder does not know is refused: search by distance needs a place. */
async function coordinatesOf(geocoder: Geocoder, zipCode: string): Promise<Coordinates> {
  const place = await geocoder.geocodeZip(zipCode.trim()).catch((error: unknown) => {
    if (error instanceof GeocoderUnavailableError) {
      throw new ApiError(
        503,
        'geocoder_unavailable',
        'We cannot look up ZIP codes right now. Please try again in a minute.',
      );
    }
    throw error;
  });
  if (!place)
    throw new ApiError(
      422,
      'unknown_zip',
      `We could not find the ZIP code ${zipCode.trim()}. Check it and try again.`,
      { zipCode: 'Unknown ZIP code' },
    );
  return { latitude: place.latitude, longitude: place.longitude };
}

const actorIsAdmin = (req: Request) => req.user!.role === 'admin';

/** Commands on fields and sub-fields (spec §7 field calls), for field owners and admins. */
export function fieldCommandRoutes(deps: FieldCommandDependencies): Router {
  const router = Router();
  const fieldManager = requireUser(deps.resolveUser, FIELD_MANAGER_ROLES, ONLY_FIELD_OWNERS);

  router.post('/api/add-field', fieldManager, async (req, res) => {
    const { form, timeZone } = parseForm(addFieldBody, req.body);
    const coordinates = await coordinatesOf(deps.geocoder, form.zipCode);
    const fieldId = newIdFor(deps, req)();
    await runCommand(deps, req, res, fieldDecider, fieldStream(fieldId), {
      type: 'AddField',
      fieldId,
      form,
      coordinates,
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    res.json({ ok: true, fieldId });
  });

  router.post('/api/edit-field', fieldManager, async (req, res) => {
    const { form, ...body } = parseForm(editFieldBody, req.body);
    const coordinates = await coordinatesOf(deps.geocoder, form.zipCode);
    await runCommand(deps, req, res, fieldDecider, fieldStream(body.fieldId), {
      type: 'EditField',
      form,
      coordinates,
      actorIsAdmin: actorIsAdmin(req),
    });
    res.json({ ok: true });
  });

  router.post('/api/set-field-policy', fieldManager, async (req, res) => {
    const { fieldId, ...policy } = parseBody(setFieldPolicyBody, req.body);
    await runCommand(deps, req, res, fieldDecider, fieldStream(fieldId), {
      type: 'SetFieldPolicy',
      policy,
      actorIsAdmin: actorIsAdmin(req),
    });
    res.json({ ok: true });
  });

  router.post('/api/delete-field', fieldManager, async (req, res) => {
    const { fieldId } = parseBody(fieldIdBody, req.body);
    await deleteField(deps, req, res, fieldId);
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
    if (!subField) throw new ApiError(404, 'subfield_not_found', NO_SUCH_SUBFIELD);
    await removeSubField(deps, req, res, subField);
    res.json({ ok: true });
  });

  return router;
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, notifyError } from '../../../lib/notify';
import { checkout } from '../../../components/checkout';
import { useCurrentUser } from '../../../lib/current-user';
import {
  addGame,
  findFieldOwnerUsername,
  holdSlot,
  releaseHold,
  setMinReliability,
  type HeldSlot,
} from '../api/organize';
import { organizeKeys } from '../api/query-keys';
import { confirmFlow, initialConfirmFlow, type ConfirmFlowEffect, type ConfirmFlowEvent } from './confirm-flow';
import { seriesWeeks, skipDatesOf } from './series-weeks';
import type { WizardDraft } from './wizard-state';
import { useWizard } from './wizard-store';

export function locationOf(field: NonNullable<WizardDraft['field']>): string {
  return [field.address, field.city, field.zipCode].filter(Boolean).join(', ');
}

/**
 * Runs the Confirm step's flow (confirm-flow.ts) against the server: entering the step holds the slot,
 * so the rental cost shown is the server's and nobody takes it while paying; leaving it (Back, the
 * stepper, the browser's back button) gives an unpaid hold back. `name` is the game's name as it will
 * be created.
 */
export function useConfirmFlow(name: string) {
  const { state: wizard, dispatch, releaseLiveHold } = useWizard();
  const { draft, hold, paymentId } = wizard;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [flow, setFlow] = useState(initialConfirmFlow);
  const current = useRef(flow);
  const mounted = useRef(true);
  // What the effects send: the draft and name as they are when an effect runs.
  const latest = useRef({ draft, name });
  latest.current = { draft, name };

  const send = useCallback(
    (event: ConfirmFlowEvent) => {
      const step = confirmFlow(current.current, event);
      current.current = step.state;
      setFlow(step.state);
      step.effects.forEach(run);

      function run(effect: ConfirmFlowEffect): void {
        const { draft, name } = latest.current;
        const field = draft.field!;
        const subField = draft.subField!;
        const selection = draft.selection!;
        switch (effect.type) {
          case 'wizard':
            dispatch(effect.action);
            return;
          case 'holdSlot':
            holdSlot({
              subFieldId: subField.subFieldId,
              ...selection,
              name,
              maxPlayers: draft.maxPlayers,
              price: draft.price,
              sidelineSize: Number(draft.sidelineSize),
              minPlayers: draft.minPlayers === null ? null : Number(draft.minPlayers),
              decisionHours: Number(draft.decisionHours),
              freeCancellationHours: Number(draft.freeCancellationHours),
              guestsPerPlayer: Number(draft.guestsPerPlayer),
              ...(draft.repeatWeeks === null
                ? {}
                : {
                    repeatWeeks: draft.repeatWeeks,
                    // Only this series' weeks: a date dropped before fewer weeks were asked for is no week now.
                    skipDates: skipDatesOf(
                      seriesWeeks(selection, draft.repeatWeeks, [], field.timeZone, new Date()),
                      draft.skipDates,
                    ),
                    regularsWindowHours: Number(draft.regularsWindowHours),
                  }),
            }).then(
              (held) => {
                // A hold that arrives after the captain left this step is given back at once.
                if (mounted.current) send({ type: 'holdSucceeded', hold: held });
                else releaseHold(held.holdId).catch(() => undefined);
              },
              (error: unknown) => send({ type: 'holdFailed', error }),
            );
            return;
          case 'createGame':
            addGame({
              name,
              maxPlayers: draft.maxPlayers,
              price: draft.price,
              startDate: selection.startDate,
              endDate: selection.endDate,
              venue: field.fieldName,
              location: locationOf(field),
              organizerCost: field.price,
              subFieldId: subField.subFieldId,
              holdId: effect.hold.holdId,
              paymentId: effect.paymentId ?? undefined,
            })
              .then(async ({ gameId }) => {
                // The hold's draft does not carry it: 'Reliable players only' is set on the game once created.
                if (draft.minReliability !== null)
                  await setMinReliability(gameId, Number(draft.minReliability)).catch((error: unknown) =>
                    notifyError(errorMessage(error), 'Reliable players only was not set'),
                  );
                return { gameId };
              })
              .then(
                ({ gameId }) => {
                  send({ type: 'gameCreated', gameId });
                  void queryClient.invalidateQueries({ queryKey: organizeKeys.organizerGames });
                },
                (error: unknown) => send({ type: 'creationFailed', error }),
              );
            return;
        }
      }
    },
    [dispatch, queryClient],
  );

  useEffect(() => {
    mounted.current = true;
    send({ type: 'entered', hold, paymentId });
    return () => {
      mounted.current = false;
    };
  }, [hold, paymentId, send]);

  useEffect(() => releaseLiveHold, [releaseLiveHold]);

  /** The rental's payment for the hold being paid: the field's owner receives it. */
  const createRentalPayment = async (paying: HeldSlot) =>
    checkout({
      price: paying.rentalCents,
      email: user.data?.email ?? '',
      name: user.data?.username ?? '',
      receiver: await findFieldOwnerUsername(draft.field!.fieldName),
      purpose: { kind: 'rental', holdId: paying.holdId, subFieldId: draft.subField!.subFieldId },
    });

  return {
    flow,
    hold,
    paymentId,
    /** The slot went to another captain meanwhile: only another time helps. */
    slotTaken: flow.holdError instanceof ApiError && flow.holdError.status === 409,
    confirm: () => send({ type: 'confirm', hold, paymentId }),
    holdAgain: () => send({ type: 'holdAgain' }),
    closePayment: () => send({ type: 'paymentClosed' }),
    paid: (newPaymentId: string) => send({ type: 'paid', paymentId: newPaymentId }),
    holdRanOut: () => send({ type: 'holdExpired', paymentId }),
    retryCreation: () => send({ type: 'retryCreation', hold, paymentId }),
    createRentalPayment,
    finish: () => {
      dispatch({ type: 'reset' });
      void navigate('/organize/games');
    },
  };
}

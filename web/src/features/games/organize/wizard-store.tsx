import { createContext, use, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { releaseHold } from '../api/organize';
import { holdToRelease, initialWizardState, wizardReducer, type WizardAction, type WizardState } from './wizard-state';

interface WizardStore {
  state: WizardState;
  dispatch: (action: WizardAction) => void;
  /** Drops the live hold (Cancel, leaving Confirm); the store gives it back to the server. */
  releaseLiveHold: () => void;
}

const WizardContext = createContext<WizardStore | null>(null);

/** Best effort: an unreleased hold still expires by itself on the server. */
function giveBack(holdId: string | null): void {
  if (holdId) releaseHold(holdId).catch(() => undefined);
}

/**
 * Keeps the wizard's state in memory for as long as the captain stays under /organize. Any hold the
 * wizard drops that was not paid for is released on the server, so other captains see the slot free
 * at once instead of after the hold expires.
 */
export function WizardProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const previous = useRef(state);
  useEffect(() => {
    giveBack(holdToRelease(previous.current, state));
    previous.current = state;
  }, [state]);

  // Leaving /organize altogether (another page of the app) lets the slot go too.
  useEffect(() => () => giveBack(holdToRelease(previous.current, initialWizardState)), []);

  const releaseLiveHold = useCallback(() => dispatch({ type: 'holdGone' }), []);
  const store = useMemo(() => ({ state, dispatch, releaseLiveHold }), [state, releaseLiveHold]);
  return <WizardContext value={store}>{children}</WizardContext>;
}

export function useWizard(): WizardStore {
  const store = use(WizardContext);
  if (!store) throw new Error('useWizard is used outside the organize layout');
  return store;
}

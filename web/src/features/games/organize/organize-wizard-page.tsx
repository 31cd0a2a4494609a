import { Button, Stepper } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useSmallScreen } from '../../../hooks/use-small-screen';
import { ConfigureStep } from './configure-step';
import { ConfirmStep } from './confirm-step';
import { SelectFieldStep } from './select-field-step';
import { SelectTimeStep } from './select-time-step';
import {
  furthestStep,
  redirectFor,
  stepIndex,
  WIZARD_STEP_TITLES,
  WIZARD_STEPS,
  type WizardStep,
} from './wizard-state';
import { useWizard } from './wizard-store';

export { WIZARD_STEP_TITLES, type WizardStep };

/** One step of the organize wizard (spec §2): the stepper, the step, and Cancel back to the captain's games. */
export function OrganizeWizardPage({ step }: { step: WizardStep }) {
  const { state, dispatch, releaseLiveHold } = useWizard();
  const navigate = useNavigate();
  const small = useSmallScreen();
  const redirect = redirectFor(state, step);
  const index = stepIndex(step);

  useEffect(() => {
    if (!redirect && state.step !== index) dispatch({ type: 'goTo', step: index });
  }, [redirect, state.step, index, dispatch]);

  if (redirect) return <Navigate to={redirect} replace />;

  const cancel = () => {
    releaseLiveHold();
    dispatch({ type: 'reset' });
    void navigate('/organize/games');
  };

  const goToStep = (target: number) => {
    if (target >= index) return;
    // Only earlier steps are reachable from the stepper; leaving Confirm gives the held slot back.
    releaseLiveHold();
    void navigate(`/organize/${WIZARD_STEPS[target]}`);
  };

  return (
    <>
      <PageTitle
        title={WIZARD_STEP_TITLES[step]}
        actions={
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
        }
      />
      <Stepper
        active={index}
        onStepClick={goToStep}
        allowNextStepsSelect={false}
        size={small ? 'xs' : 'sm'}
        my="md"
        aria-label="Organize steps"
      >
        {WIZARD_STEPS.map((key, i) => (
          <Stepper.Step
            key={key}
            label={small ? undefined : WIZARD_STEP_TITLES[key]}
            // On a phone the step shows only its number: the name says which step it is.
            aria-label={small ? `Step ${i + 1}: ${WIZARD_STEP_TITLES[key]}` : undefined}
            allowStepSelect={i < index && i <= furthestStep(state.draft)}
          />
        ))}
      </Stepper>
      {step === 'select-field' && <SelectFieldStep />}
      {step === 'select-time' && <SelectTimeStep />}
      {step === 'configure' && <ConfigureStep />}
      {step === 'confirm' && <ConfirmStep />}
    </>
  );
}

// Placeholder until the organize wizard issue lands
import { PageTitle } from '../../../components/page-title';

export const WIZARD_STEP_TITLES = {
  'select-field': 'Select Field',
  'select-time': 'Select Time',
  configure: 'Configure',
  confirm: 'Confirm',
} as const;

export type WizardStep = keyof typeof WIZARD_STEP_TITLES;

export function OrganizeWizardPage({ step }: { step: WizardStep }) {
  return <PageTitle title={WIZARD_STEP_TITLES[step]} />;
}

import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { WizardProvider } from './wizard-store';

/** Parent of /organize/*: keeps the wizard's draft while the captain moves between its steps. */
export function OrganizeLayout() {
  return (
    <Container size="lg" px={{ base: 'xs', sm: 'md' }}>
      <WizardProvider>
        <Outlet />
      </WizardProvider>
    </Container>
  );
}

// Placeholder until the partner application issue lands
import { Container } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

/** The in-app form behind 'Request to Become a Partnered Field' when no external form is configured. */
export function PartnerApplicationPage() {
  return (
    <Container size="sm">
      <PageTitle title="Request to Become a Partnered Field" />
    </Container>
  );
}
